package dev.nubo.media.infra;

import java.awt.AlphaComposite;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;

/**
 * The pixel work between decoding and encoding: turning a decoded bitmap upright into one of two working types, and
 * scaling it down.
 *
 * <p>Scaling halves the image step by step with bilinear interpolation and ends with one bilinear step to the exact
 * size. A single bilinear step over a large factor samples only a few source pixels per target pixel and shimmers;
 * halving averages them all, at a fraction of the cost of {@link java.awt.Image#SCALE_AREA_AVERAGING}.
 */
final class Bitmaps {
    private Bitmaps() {}

    /**
     * The decoded image turned upright and redrawn as {@link BufferedImage#TYPE_INT_RGB}, or as
     * {@link BufferedImage#TYPE_INT_ARGB_PRE} when {@code alpha} (premultiplied, so that interpolating next to
     * transparent pixels does not drag their invisible colour into the visible ones).
     */
    static BufferedImage upright(BufferedImage decoded, ExifOrientation orientation, boolean alpha) {
        int width = decoded.getWidth();
        int height = decoded.getHeight();
        boolean swap = orientation.swapsAxes();
        BufferedImage target = new BufferedImage(
                swap ? height : width,
                swap ? width : height,
                alpha ? BufferedImage.TYPE_INT_ARGB_PRE : BufferedImage.TYPE_INT_RGB);
        Graphics2D g = target.createGraphics();
        try {
            g.setComposite(AlphaComposite.Src);
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_NEAREST_NEIGHBOR);
            AffineTransform transform = orientation.transform(width, height);
            g.drawImage(decoded, transform, null);
        } finally {
            g.dispose();
        }
        return target;
    }

    /** {@code source} scaled to exactly {@code width} x {@code height}, no larger than it (the same image if equal). */
    static BufferedImage scale(BufferedImage source, int width, int height) {
        BufferedImage current = source;
        int w = source.getWidth();
        int h = source.getHeight();
        while (w != width || h != height) {
            w = w > width ? Math.max(w / 2, width) : width;
            h = h > height ? Math.max(h / 2, height) : height;
            current = redraw(current, w, h, source.getType());
        }
        return current;
    }

    private static BufferedImage redraw(BufferedImage source, int width, int height, int type) {
        BufferedImage target = new BufferedImage(width, height, type);
        Graphics2D g = target.createGraphics();
        try {
            g.setComposite(AlphaComposite.Src);
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.drawImage(source, 0, 0, width, height, null);
        } finally {
            g.dispose();
        }
        return target;
    }

    /** Whether any pixel is less than fully opaque: an RGBA file with an all-opaque alpha channel is not transparent. */
    static boolean hasTransparency(BufferedImage image) {
        if (!image.getColorModel().hasAlpha()) {
            return false;
        }
        Raster alpha = image.getAlphaRaster();
        if (alpha == null) {
            return true; // an alpha we cannot inspect (indexed with a transparent entry): trust the colour model
        }
        int max = (1
                        << image.getColorModel()
                                .getComponentSize(image.getColorModel().getNumComponents() - 1))
                - 1;
        int width = alpha.getWidth();
        int[] row = new int[width];
        for (int y = 0; y < alpha.getHeight(); y++) {
            alpha.getSamples(alpha.getMinX(), alpha.getMinY() + y, width, 1, 0, row);
            for (int a : row) {
                if (a < max) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A copy in plain (not premultiplied) ARGB, which is what the PNG writer stores. */
    static BufferedImage straightAlpha(BufferedImage image) {
        return copy(image, BufferedImage.TYPE_INT_ARGB);
    }

    /** A copy without alpha, for an image whose alpha channel turned out fully opaque. */
    static BufferedImage opaque(BufferedImage image) {
        return copy(image, BufferedImage.TYPE_INT_RGB);
    }

    private static BufferedImage copy(BufferedImage image, int type) {
        BufferedImage target = new BufferedImage(image.getWidth(), image.getHeight(), type);
        Graphics2D g = target.createGraphics();
        try {
            g.setComposite(AlphaComposite.Src);
            g.drawImage(image, 0, 0, null);
        } finally {
            g.dispose();
        }
        return target;
    }
}
