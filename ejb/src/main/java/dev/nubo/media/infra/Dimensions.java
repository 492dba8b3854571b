package dev.nubo.media.infra;

/** A width and height in pixels, both at least 1. */
record Dimensions(int width, int height) {
    Dimensions {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("dimensions must be positive: " + width + "x" + height);
        }
    }

    /**
     * {@code width} x {@code height} shrunk, keeping the aspect ratio, until the long side is at most {@code longSide};
     * unchanged when already within it (never enlarged). A side never rounds to nothing: a 10000 x 3 banner fits 150
     * as 150 x 1.
     */
    static Dimensions fit(int width, int height, int longSide) {
        int longest = Math.max(width, height);
        if (longest <= longSide) {
            return new Dimensions(width, height);
        }
        double scale = (double) longSide / longest;
        int w = width >= height ? longSide : (int) Math.max(1, Math.round(width * scale));
        int h = height > width ? longSide : (int) Math.max(1, Math.round(height * scale));
        return new Dimensions(w, h);
    }
}
