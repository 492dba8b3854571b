package dev.nubo.trash.api;

import dev.nubo.files.api.NodeView;
import java.time.OffsetDateTime;

/** A deleted item: the node as it was, the folder path it was deleted from ("/Docs"), and when. */
public record TrashItem(NodeView node, String originalFolder, OffsetDateTime trashedAt) {
    /** Where the item lived, folder and name: "/Docs/report.pdf". */
    public String originalPath() {
        return (originalFolder.endsWith("/") ? originalFolder : originalFolder + "/") + node.name();
    }
}
