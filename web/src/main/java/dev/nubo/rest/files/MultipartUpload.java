package dev.nubo.rest.files;

import dev.nubo.files.api.ConflictMode;
import dev.nubo.files.api.FileContent;
import dev.nubo.files.api.NodeName;
import dev.nubo.files.api.NodeView;
import dev.nubo.platform.api.ErrorKind;
import dev.nubo.platform.api.NuboException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.commons.fileupload2.core.FileItemInput;
import org.apache.commons.fileupload2.core.FileItemInputIterator;
import org.apache.commons.fileupload2.core.FileUploadException;
import org.apache.commons.fileupload2.jakarta.servlet6.JakartaServletFileUpload;

/**
 * multipart/form-data uploads through Commons FileUpload's streaming API: each file part is handed to the blob store
 * as it arrives, so any number of files of any size pass with one read buffer of memory. A form field "conflict"
 * applies to the file parts after it. Each file succeeds or fails on its own.
 */
final class MultipartUpload {
    static final int MAX_FILES = 10_000;
    static final int MAX_FIELD_BYTES = 1024;

    private MultipartUpload() {}

    static Response handle(
            FileContent content, UUID caller, long parentId, ConflictMode conflict, HttpServletRequest request)
            throws IOException {
        JakartaServletFileUpload<?, ?> upload = new JakartaServletFileUpload<>();
        upload.setFileCountMax(MAX_FILES);
        upload.setHeaderCharset(StandardCharsets.UTF_8);
        List<FilesJson.UploadItem> results = new ArrayList<>();
        ConflictMode mode = conflict;
        try {
            FileItemInputIterator parts = upload.getItemIterator(request);
            while (parts.hasNext()) {
                FileItemInput part = parts.next();
                if (part.isFormField()) {
                    if ("conflict".equals(part.getFieldName())) {
                        mode = ConflictMode.parse(field(part));
                    }
                    continue;
                }
                if (part.getName() == null || part.getName().isEmpty()) {
                    continue; // an empty file input of a browser form
                }
                results.add(store(content, caller, parentId, mode, part));
            }
        } catch (FileUploadException e) {
            throw new NuboException(ErrorKind.INVALID, "malformed_multipart", "the multipart body is malformed");
        } catch (NuboException e) {
            throw e;
        } catch (IOException e) {
            throw UploadBodies.interrupted(e);
        }
        if (results.isEmpty()) {
            throw NuboException.invalid("the form holds no file");
        }
        int failed = (int) results.stream().filter(r -> r.error() != null).count();
        return Response.status(failed == 0 ? 201 : 207)
                .entity(new FilesJson.UploadResponse(results, results.size() - failed, failed))
                .build();
    }

    private static FilesJson.UploadItem store(
            FileContent content, UUID caller, long parentId, ConflictMode mode, FileItemInput part) throws IOException {
        String name = part.getName();
        try (InputStream body = part.getInputStream()) {
            NodeView node = content.upload(
                    new FileContent.Upload(
                            caller,
                            parentId,
                            NodeName.of(name),
                            mode,
                            Optional.empty(),
                            Optional.empty(),
                            Optional.empty()),
                    body);
            return new FilesJson.UploadItem(name, FilesJson.Node.of(node), null, null);
        } catch (NuboException e) {
            if (e.kind() == ErrorKind.NOT_FOUND || e.kind() == ErrorKind.FORBIDDEN) {
                // the folder itself is not there, or the caller may not write in it (a viewer of a share):
                // nothing of this request can succeed
                throw e;
            }
            return new FilesJson.UploadItem(name, null, e.code(), e.getMessage());
        }
    }

    private static String field(FileItemInput part) throws IOException {
        try (InputStream in = part.getInputStream()) {
            byte[] value = in.readNBytes(MAX_FIELD_BYTES + 1);
            if (value.length > MAX_FIELD_BYTES) {
                throw NuboException.invalid("form field " + part.getFieldName() + " is too long");
            }
            return new String(value, StandardCharsets.UTF_8);
        }
    }
}
