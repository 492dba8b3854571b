package dev.nubo.rest.files;

import dev.nubo.links.api.OpenLink;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON of the public link endpoints. */
public final class PublicLinksJson {
    private PublicLinksJson() {}

    @Schema(
            name = "PublicLinkInfo",
            description = "What a link opens. rootId is the id of its file or folder; size and mimeType are given for"
                    + " a file once unlocked")
    public record Info(
            String name,
            String kind,
            String permission,
            boolean needsPassword,
            boolean unlocked,
            Instant expiresAt,
            String owner,
            Long rootId,
            Long size,
            String mimeType) {
        static Info of(OpenLink link, boolean unlocked) {
            boolean file = !link.root().folder();
            return new Info(
                    link.root().name(),
                    link.root().folder() ? "folder" : "file",
                    link.permission().wire(),
                    link.passwordProtected(),
                    unlocked,
                    link.expiresAt(),
                    link.ownerName(),
                    unlocked ? link.root().id() : null,
                    unlocked && file ? link.root().size() : null,
                    unlocked && file ? link.root().mimeType() : null);
        }
    }

    @Schema(
            name = "PublicLinkListing",
            description = "A folder inside a link: itself, its path from the link's folder, a page")
    public record Listing(
            FilesJson.Node folder, List<FilesJson.Ancestor> path, List<FilesJson.Node> entries, String next) {}

    @Schema(name = "PublicLinkItem")
    public record Item(FilesJson.Node node, List<FilesJson.Ancestor> path) {}

    @Schema(
            name = "PublicLinkUpload",
            description = "A stored upload: its name (renamed on a clash) and size; id only where the link may list")
    public record Uploaded(Long id, String name, long size) {}
}
