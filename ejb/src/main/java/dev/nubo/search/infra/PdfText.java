package dev.nubo.search.infra;

import java.io.IOException;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.IOUtils;
import org.apache.pdfbox.io.RandomAccessReadBufferedFile;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * The text layer of a PDF through PDFBox. The file is read through a buffered random-access file and PDFBox's
 * scratch data goes to temporary files, never the heap, so a 500 MB PDF costs little memory; extraction stops at
 * the character limit instead of walking every page.
 */
final class PdfText {
    private static final Logger LOG = Logger.getLogger(PdfText.class.getName());

    private PdfText() {}

    /** The text, or null when the PDF cannot be parsed (damaged, encrypted with a password, not a PDF at all). */
    static String extract(Path file, int maxChars) {
        BoundedText text = new BoundedText(maxChars);
        try (RandomAccessReadBufferedFile source = new RandomAccessReadBufferedFile(file.toFile());
                PDDocument document = Loader.loadPDF(source, IOUtils.createTempFileOnlyStreamCache())) {
            new PDFTextStripper().writeText(document, text);
        } catch (BoundedText.Full enough) {
            // the limit is reached: what was collected is the answer
        } catch (IOException | RuntimeException e) {
            // PDFBox reports malformed files with IOExceptions and, deeper in its parsers, runtime exceptions
            // (ClassCastException, IllegalArgumentException...): both mean "this content has no usable text"
            LOG.log(Level.FINE, e, () -> "nubo: no text from PDF " + file + ": " + e);
            return null;
        }
        return text.text();
    }
}
