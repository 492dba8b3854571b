package dev.nubo.platform.web;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/** Counts requests being served, so shutdown can wait for them. */
@ApplicationScoped
public class InFlightRequests {
    private final Object monitor = new Object();
    private int count;
    private long lastActivity = System.nanoTime();

    public void begin() {
        synchronized (monitor) {
            count++;
        }
    }

    public void end() {
        synchronized (monitor) {
            count--;
            lastActivity = System.nanoTime();
            monitor.notifyAll();
        }
    }

    /** Nanoseconds (System.nanoTime) of the last request's end, or of start-up. */
    public long lastActivity() {
        synchronized (monitor) {
            return lastActivity;
        }
    }

    public int count() {
        synchronized (monitor) {
            return count;
        }
    }

    /** Waits until no request is in flight or the grace period ends; returns how many are still running. */
    public int awaitIdle(Duration grace) throws InterruptedException {
        long deadline = System.nanoTime() + grace.toNanos();
        synchronized (monitor) {
            while (count > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                monitor.wait(Math.max(1, left / 1_000_000));
            }
            return count;
        }
    }
}
