package dev.nubo.platform.config;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Where the server keeps its data and how it is reached from outside. */
@ApplicationScoped
public class ServerSettings {
    public static final String DATA_DIR = "nubo.data.dir";
    public static final String DEFAULT_DATA_DIR = "./nubo-data";

    @Inject
    @ConfigProperty(name = DATA_DIR, defaultValue = DEFAULT_DATA_DIR)
    String dataDirSetting;

    @Inject
    @ConfigProperty(name = "nubo.base.url")
    Optional<String> baseUrlSetting;

    private Path dataDir;
    private URI baseUrl;

    @PostConstruct
    void validate() {
        dataDir = checkDataDir(dataDirSetting);
        baseUrl = baseUrlSetting.map(ServerSettings::parseBaseUrl).orElse(null);
    }

    public Path dataDir() {
        return dataDir;
    }

    /** The public address when configured (NUBO_BASE_URL); otherwise surfaces derive it from the request. */
    public Optional<URI> baseUrl() {
        return Optional.ofNullable(baseUrl);
    }

    /** Creates the data directory if needed and proves it writable; a failure names NUBO_DATA_DIR. */
    public static Path checkDataDir(String setting) {
        Path dir;
        try {
            dir = Path.of(setting).toAbsolutePath().normalize();
        } catch (RuntimeException e) {
            throw StartupFailure.of("NUBO_DATA_DIR", "'" + setting + "' is not a valid path");
        }
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".write-probe", ".tmp");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw StartupFailure.of("NUBO_DATA_DIR", dir + " is not a writable directory (" + e + ")");
        }
        return dir;
    }

    static URI parseBaseUrl(String value) {
        try {
            URI uri = URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) URL");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw StartupFailure.of("NUBO_BASE_URL", "'" + value + "' is not an absolute http(s) URL");
        }
    }
}
