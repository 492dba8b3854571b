package dev.nubo.it.blackbox;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Workers released at once, for the concurrency tests. */
final class Race {
    private Race() {}

    interface Worker<T> {
        List<T> run(int thread) throws Exception;
    }

    /** Runs {@code threads} workers released together; what all of them returned, within {@code limit}. */
    static <T> List<T> run(int threads, Duration limit, Worker<T> worker) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<T>>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                Callable<List<T>> task = () -> {
                    start.await();
                    return worker.run(thread);
                };
                futures.add(pool.submit(task));
            }
            start.countDown();
            List<T> all = new ArrayList<>();
            long deadline = System.nanoTime() + limit.toNanos();
            for (Future<List<T>> f : futures) {
                all.addAll(f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            }
            return all;
        } finally {
            pool.shutdownNow();
        }
    }
}
