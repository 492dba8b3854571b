package dev.nubo.platform.db;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.persistence.Entity;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The persistence unit sits in the db jar (an EAR library, so every module sees it) and therefore lists its entity
 * classes: an entity missing from the list would fail only at run time, on the first query touching it.
 */
class PersistenceUnitTest {
    @Test
    void everyEntityOfTheEjbModule_isListedInThePersistenceUnit() throws Exception {
        String xml;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/persistence.xml")) {
            assertThat(in).as("persistence.xml from the db jar").isNotNull();
            xml = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        Matcher m = Pattern.compile("<class>([^<]+)</class>").matcher(xml);
        List<String> listed = m.results().map(r -> r.group(1).trim()).toList();

        Path classes = Path.of("target/classes");
        List<String> entities;
        try (Stream<Path> files = Files.walk(classes)) {
            entities = files.filter(p ->
                            p.toString().endsWith(".class") && !p.toString().contains("$"))
                    .map(p -> classes.relativize(p).toString().replace('/', '.').replaceAll("\\.class$", ""))
                    .filter(PersistenceUnitTest::isEntity)
                    .toList();
        }
        assertThat(entities).isNotEmpty();
        assertThat(listed).containsExactlyInAnyOrderElementsOf(entities);
    }

    private static boolean isEntity(String className) {
        try {
            return Class.forName(className, false, PersistenceUnitTest.class.getClassLoader())
                    .isAnnotationPresent(Entity.class);
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
