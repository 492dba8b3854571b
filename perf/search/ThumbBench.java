import dev.nubo.media.api.Thumbnail;
import dev.nubo.media.api.ThumbnailSize;
import dev.nubo.media.infra.ImageThumbnailer;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import javax.imageio.ImageIO;

/**
 * Renders the three thumbnail sizes of a 12-megapixel JPEG (4000 x 3000, a gradient with noise so the encoder has
 * work) with Nubo's thumbnailer, in this JVM: median time per render of all three sizes, and the heap's peak while
 * rendering (pools reset after the image was written, so the test image itself is not counted).
 * Usage: java -Xmx512m -cp 'micro-war/target/nubo-micro/WEB-INF/lib/*' perf/search/ThumbBench.java
 */
public class ThumbBench {
    public static void main(String[] args) throws Exception {
        Path jpeg = Files.createTempFile("thumbbench", ".jpg");
        try {
            BufferedImage img = new BufferedImage(4000, 3000, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = img.createGraphics();
            g.setPaint(new GradientPaint(0, 0, Color.ORANGE, 4000, 3000, Color.BLUE));
            g.fillRect(0, 0, 4000, 3000);
            Random r = new Random(12);
            for (int i = 0; i < 200_000; i++) {
                img.setRGB(r.nextInt(4000), r.nextInt(3000), r.nextInt());
            }
            g.dispose();
            ImageIO.write(img, "jpg", jpeg.toFile());
            img = null;
            System.gc();
            ImageThumbnailer thumbnailer = new ImageThumbnailer(100_000_000L);
            for (int i = 0; i < 2; i++) {
                thumbnailer.render(jpeg, EnumSet.allOf(ThumbnailSize.class)); // warm-up
            }
            System.gc();
            List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(p -> p.getType() == MemoryType.HEAP)
                    .toList();
            heap.forEach(MemoryPoolMXBean::resetPeakUsage);
            List<Double> ms = new ArrayList<>();
            List<Thumbnail> last = List.of();
            for (int i = 0; i < 7; i++) {
                long t0 = System.nanoTime();
                last = thumbnailer.render(jpeg, EnumSet.allOf(ThumbnailSize.class));
                ms.add((System.nanoTime() - t0) / 1e6);
            }
            long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
            Collections.sort(ms);
            StringBuilder sizes = new StringBuilder();
            for (Thumbnail t : last) {
                sizes.append(t.size()).append(':').append(t.width()).append('x').append(t.height()).append(',');
            }
            System.out.printf("RESULT runs=7 p50ms=%.0f minms=%.0f maxms=%.0f peakMiB=%d jpegKiB=%d sizes=%s%n",
                    ms.get(3), ms.get(0), ms.get(6), peak >> 20, Files.size(jpeg) >> 10, sizes);
        } finally {
            Files.deleteIfExists(jpeg);
        }
    }
}
