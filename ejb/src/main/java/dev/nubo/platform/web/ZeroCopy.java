package dev.nubo.platform.web;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.ServletResponseWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * Hands a byte range of a local file to the container's sendfile(2) path, so a download never passes through the
 * heap: the REST downloads, WebDAV and the Nextcloud dialect's GETs. Only the Grizzly-based web containers (Payara,
 * GlassFish) offer it to applications, and only through their own classes, which an application cannot link against:
 * they are reached by reflection, looked up once per response class, and when anything is missing (another
 * container, sendfile switched off, a response already committed) {@link #send} answers false and the caller copies
 * through a buffer instead.
 *
 * <p>Grizzly's file transfer counts its length in an {@code int}, so ranges of 2 GiB and more are copied.
 */
public final class ZeroCopy {
    private static final Logger LOG = Logger.getLogger(ZeroCopy.class.getName());
    public static final long MAX_LENGTH = Integer.MAX_VALUE;
    private static final Map<Class<?>, Access> ACCESS = new ConcurrentHashMap<>();

    private ZeroCopy() {}

    /**
     * Sends {@code length} bytes of {@code file} from {@code offset} through sendfile as the body of
     * {@code response}, after {@code headers} has set the status and headers (the Content-Length is set here, from
     * the range). False, with nothing sent, nothing changed and {@code headers} not called, when the container
     * cannot; exceptions only once the response has begun. {@code request} and {@code response} are the ones the
     * servlet was given: the transfer runs in servlet async mode on them and completes it when it ends.
     */
    public static boolean send(
            ServletRequest request,
            ServletResponse response,
            Path file,
            long offset,
            long length,
            Consumer<HttpServletResponse> headers)
            throws IOException {
        if (length <= 0 || length > MAX_LENGTH) {
            return false;
        }
        if (!request.isAsyncSupported() || request.isAsyncStarted()) {
            return false;
        }
        ServletResponse inner = response;
        while (inner instanceof ServletResponseWrapper wrapper) {
            inner = wrapper.getResponse();
        }
        if (!(inner instanceof HttpServletResponse http) || http.isCommitted()) {
            return false;
        }
        Access access = ACCESS.computeIfAbsent(inner.getClass(), Access::find);
        Object outputBuffer = access.sendfileBuffer(inner);
        if (outputBuffer == null) {
            return false;
        }
        headers.accept(http);
        http.setContentLengthLong(length);
        // The transfer runs on the connection after this thread returns; servlet async mode keeps the container from
        // finishing (and recycling) the response before then, and the transfer's end completes it.
        AsyncContext async = request.startAsync(request, response);
        async.setTimeout(0);
        access.sendfile(outputBuffer, file.toFile(), offset, length, async);
        return true;
    }

    /**
     * The reflective path from a servlet response to Grizzly's output buffer and connection, or none. The transfer
     * is Grizzly's own {@code OutputBuffer.sendfile} redone here with one difference: that method loses its
     * {@code FileTransfer} when the client hangs up, leaving the file open until a garbage collection; here a failed
     * or cancelled transfer closes it (a complete one is closed by Grizzly).
     */
    private record Access(
            Field facadeResponse,
            Method coyoteResponse,
            Method enabled,
            Method outputBuffer,
            Method reset,
            Method flush,
            Field context,
            Field transferRequested,
            Constructor<?> fileTransfer,
            Method release,
            Method write,
            Method connectionOf,
            Method closeSilently,
            Class<?> handlerType) {
        static final Access NONE =
                new Access(null, null, null, null, null, null, null, null, null, null, null, null, null, null);

        static Access find(Class<?> responseClass) {
            if (!responseClass.getName().equals("org.apache.catalina.connector.ResponseFacade")) {
                return NONE;
            }
            try {
                Field facade = responseClass.getDeclaredField("response");
                facade.setAccessible(true);
                Method coyote = facade.getType().getMethod("getCoyoteResponse");
                Class<?> grizzlyResponse = coyote.getReturnType();
                Method enabled = grizzlyResponse.getMethod("isSendFileEnabled");
                Method buffer = grizzlyResponse.getMethod("getOutputBuffer");
                Class<?> bufferType = buffer.getReturnType();
                ClassLoader grizzly = bufferType.getClassLoader();
                Field context = bufferType.getDeclaredField("ctx");
                context.setAccessible(true);
                Field requested = bufferType.getDeclaredField("fileTransferRequested");
                requested.setAccessible(true);
                Class<?> transfer = Class.forName("org.glassfish.grizzly.FileTransfer", false, grizzly);
                Class<?> handler = Class.forName("org.glassfish.grizzly.CompletionHandler", false, grizzly);
                Access access = new Access(
                        facade,
                        coyote,
                        enabled,
                        buffer,
                        bufferType.getMethod("reset"),
                        bufferType.getMethod("flush"),
                        context,
                        requested,
                        transfer.getConstructor(File.class, long.class, long.class),
                        transfer.getMethod("release"),
                        context.getType().getMethod("write", Object.class, handler),
                        context.getType().getMethod("getConnection"),
                        Class.forName("org.glassfish.grizzly.Closeable", false, grizzly)
                                .getMethod("terminateSilently"),
                        handler);
                LOG.info("downloads use the container's sendfile");
                return access;
            } catch (ReflectiveOperationException | RuntimeException e) {
                LOG.info("downloads are copied through a buffer: the container's sendfile is out of reach (" + e + ")");
                return NONE;
            }
        }

        Object sendfileBuffer(Object response) {
            if (write == null) {
                return null;
            }
            try {
                Object coyote = coyoteResponse.invoke(facadeResponse.get(response));
                return coyote != null && Boolean.TRUE.equals(enabled.invoke(coyote))
                        ? outputBuffer.invoke(coyote)
                        : null;
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }

        /** Commits the headers, then queues the file on the connection; {@code async} completes when it ends. */
        void sendfile(Object buffer, File file, long offset, long length, AsyncContext async) throws IOException {
            Object transfer;
            try {
                reset.invoke(buffer);
                transfer = fileTransfer.newInstance(file, offset, length);
                transferRequested.setBoolean(buffer, true);
            } catch (ReflectiveOperationException e) {
                throw new IOException("sendfile failed", e);
            }
            // Grizzly closes the file after a complete transfer (and fails on a second close), not after a failed one
            AtomicBoolean ended = new AtomicBoolean();
            Runnable completed = () -> {
                if (ended.compareAndSet(false, true)) {
                    async.complete();
                }
            };
            // after a failure the connection is dropped at once: a graceful close would wait on the failed write
            // forever
            Object connection;
            try {
                connection = connectionOf.invoke(context.get(buffer));
            } catch (ReflectiveOperationException e) {
                throw new IOException("sendfile failed", e);
            }
            Runnable end = () -> {
                if (ended.compareAndSet(false, true)) {
                    try {
                        release.invoke(transfer);
                        closeSilently.invoke(connection);
                    } catch (ReflectiveOperationException | RuntimeException e) {
                        LOG.warning("could not close " + file.getName() + " or its connection: " + e);
                    }
                    async.complete();
                }
            };
            Object done = Proxy.newProxyInstance(
                    handlerType.getClassLoader(), new Class<?>[] {handlerType}, (proxy, m, args) -> {
                        switch (m.getName()) {
                            case "completed" -> completed.run();
                            case "cancelled" -> end.run();
                            case "failed" -> {
                                LOG.fine(() -> "download of " + file.getName() + " ended early: " + args[0]);
                                end.run();
                            }
                            case "hashCode" -> {
                                return System.identityHashCode(proxy);
                            }
                            case "equals" -> {
                                return proxy == args[0];
                            }
                            case "toString" -> {
                                return "sendfile of " + file.getName();
                            }
                            default -> {
                                // updated: progress
                            }
                        }
                        return null;
                    });
            try {
                flush.invoke(buffer);
                write.invoke(context.get(buffer), transfer, done);
            } catch (InvocationTargetException e) {
                end.run();
                throw e.getCause() instanceof IOException io ? io : new IOException("sendfile failed", e.getCause());
            } catch (IllegalAccessException | RuntimeException e) {
                end.run();
                throw new IOException("sendfile failed", e);
            }
        }
    }
}
