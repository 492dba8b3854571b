package dev.nubo.dav.core;

import java.time.LocalDate;

/**
 * IMF-fixdate (RFC 9110 section 5.6.7), "Sun, 06 Nov 1994 08:49:37 GMT", written straight into a char array: a
 * PROPFIND of 1,000 files formats 1,000 of them, and {@link java.time.format.DateTimeFormatter} spent more on its
 * print context and zone rules than on the digits. HttpDateTest checks it against DateTimeFormatter.
 */
public final class HttpDate {
    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] MONTHS = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
    };

    private HttpDate() {}

    /** The date of a UTC instant given in seconds since the epoch (years 0 to 9999). */
    public static String format(long epochSecond) {
        long day = Math.floorDiv(epochSecond, 86_400L);
        int second = (int) Math.floorMod(epochSecond, 86_400L);
        LocalDate date = LocalDate.ofEpochDay(day);
        char[] c = new char[29];
        DAYS[date.getDayOfWeek().ordinal()].getChars(0, 3, c, 0);
        c[3] = ',';
        c[4] = ' ';
        two(c, 5, date.getDayOfMonth());
        c[7] = ' ';
        MONTHS[date.getMonthValue() - 1].getChars(0, 3, c, 8);
        c[11] = ' ';
        int year = date.getYear();
        two(c, 12, year / 100);
        two(c, 14, year % 100);
        c[16] = ' ';
        two(c, 17, second / 3600);
        c[19] = ':';
        two(c, 20, second / 60 % 60);
        c[22] = ':';
        two(c, 23, second % 60);
        " GMT".getChars(0, 4, c, 25);
        return new String(c);
    }

    private static void two(char[] c, int at, int value) {
        c[at] = (char) ('0' + value / 10);
        c[at + 1] = (char) ('0' + value % 10);
    }
}
