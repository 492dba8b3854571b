package dev.nubo.users.service;

import dev.nubo.users.api.Avatars;
import jakarta.enterprise.context.ApplicationScoped;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.imageio.ImageIO;

/**
 * Generated avatars: the SHA-256 of the name picks a hue and fills a 5×5 grid mirrored left to right. Drawn with
 * rectangles only (no fonts, which a headless server may lack). Answers are kept per name and size, up to a bound.
 */
@ApplicationScoped
public class GeneratedAvatars implements Avatars {
    static final int MIN = 16;
    static final int MAX = 1024;
    private static final int CACHED = 2_000;
    private final Map<String, Image> cache = new ConcurrentHashMap<>();

    @Override
    public Image of(String name, int size) {
        int px = Math.max(MIN, Math.min(MAX, size));
        String key = px + "/" + name;
        Image cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        Image made = draw(name, px);
        if (cache.size() >= CACHED) {
            cache.clear();
        }
        cache.put(key, made);
        return made;
    }

    static Image draw(String name, int px) {
        byte[] hash = sha256(name.getBytes(StandardCharsets.UTF_8));
        float hue = (hash[0] & 0xff) / 256f;
        Color fg = Color.getHSBColor(hue, 0.55f, 0.75f);
        Color bg = new Color(0xf0, 0xf0, 0xf0);
        BufferedImage img = new BufferedImage(px, px, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setColor(bg);
            g.fillRect(0, 0, px, px);
            g.setColor(fg);
            int margin = px / 10;
            int cell = (px - 2 * margin) / 5;
            int offset = (px - 5 * cell) / 2;
            for (int row = 0; row < 5; row++) {
                for (int col = 0; col < 3; col++) {
                    if ((hash[1 + row * 3 + col] & 1) == 1) {
                        g.fillRect(offset + col * cell, offset + row * cell, cell, cell);
                        g.fillRect(offset + (4 - col) * cell, offset + row * cell, cell, cell);
                    }
                }
            }
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(img, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] png = out.toByteArray();
        return new Image(png, HexFormat.of().formatHex(sha256(png)));
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
