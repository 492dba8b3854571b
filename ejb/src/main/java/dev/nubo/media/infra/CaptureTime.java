package dev.nubo.media.infra;

import com.drew.metadata.Directory;
import com.drew.metadata.exif.ExifDirectoryBase;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When a photo was taken, from EXIF: {@code DateTimeOriginal} (tag 0x9003), else {@code DateTimeDigitized} (0x9004),
 * with its sub-seconds (0x9291 / 0x9292) and, since EXIF 2.31, its UTC offset ({@code OffsetTimeOriginal} 0x9011 /
 * {@code OffsetTimeDigitized} 0x9012). The IFD0 {@code DateTime} is the last edit, not the capture, and is not used.
 *
 * <pre>
 * DateTime   = YYYY ":" MM ":" DD " " hh ":" mm ":" ss     (EXIF 2.32 §4.6.5; "-" and "T" tolerated, as some software
 *                                                          writes them; blanks or zeros mean unknown)
 * OffsetTime = ("+" / "-") hh ":" mm
 * </pre>
 *
 * @param local the time as the camera's clock showed it
 * @param offset its offset from UTC, null when the camera did not record one
 */
record CaptureTime(LocalDateTime local, ZoneOffset offset) {
    static final int TAG_SUBSECOND_ORIGINAL = 0x9291;
    static final int TAG_SUBSECOND_DIGITIZED = 0x9292;

    private static final Pattern DATE_TIME =
            Pattern.compile("(\\d{4})[:-](\\d{2})[:-](\\d{2})[ T](\\d{2}):(\\d{2}):(\\d{2})");
    private static final Pattern OFFSET = Pattern.compile("[+-]\\d{2}:\\d{2}");
    private static final Pattern DIGITS = Pattern.compile("\\d{1,9}");

    /** The capture time in an EXIF sub-IFD; null when it has none that parses. */
    static CaptureTime of(Directory exif) {
        if (exif == null) {
            return null;
        }
        CaptureTime original = of(
                exif,
                ExifDirectoryBase.TAG_DATETIME_ORIGINAL,
                TAG_SUBSECOND_ORIGINAL,
                ExifDirectoryBase.TAG_TIME_ZONE_ORIGINAL);
        return original != null
                ? original
                : of(
                        exif,
                        ExifDirectoryBase.TAG_DATETIME_DIGITIZED,
                        TAG_SUBSECOND_DIGITIZED,
                        ExifDirectoryBase.TAG_TIME_ZONE_DIGITIZED);
    }

    private static CaptureTime of(Directory exif, int dateTag, int subSecondTag, int offsetTag) {
        LocalDateTime local = dateTime(MediaFields.text(exif, dateTag));
        if (local == null) {
            return null;
        }
        String subSeconds = MediaFields.text(exif, subSecondTag);
        if (subSeconds != null && DIGITS.matcher(subSeconds).matches()) {
            // "5" is half a second, "050" fifty milliseconds: the digits are a decimal fraction
            local = local.withNano(Integer.parseInt((subSeconds + "000000000").substring(0, 9)));
        }
        return new CaptureTime(local, offset(MediaFields.text(exif, offsetTag)));
    }

    static LocalDateTime dateTime(String value) {
        if (value == null) {
            return null;
        }
        Matcher m = DATE_TIME.matcher(value);
        if (!m.lookingAt()) {
            return null;
        }
        try {
            int year = Integer.parseInt(m.group(1));
            if (year == 0) {
                return null; // "0000:00:00 00:00:00": the camera's clock was never set
            }
            return LocalDateTime.of(
                    year,
                    Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)),
                    Integer.parseInt(m.group(5)),
                    Integer.parseInt(m.group(6)));
        } catch (DateTimeException e) {
            return null; // month 13, 24:00:00 and the like
        }
    }

    static ZoneOffset offset(String value) {
        if (value == null || !OFFSET.matcher(value).matches()) {
            return null;
        }
        try {
            return ZoneOffset.of(value);
        } catch (DateTimeException e) {
            return null; // beyond ±18:00
        }
    }
}
