package dev.nubo.auth.infra;

/** Argon2id cost: memory in KiB, iterations, lanes. Kept inside each PHC string so they can be raised later. */
public record Argon2Parameters(int memoryKiB, int iterations, int parallelism) {
    /** OWASP's first recommendation (19 MiB, 2 passes, 1 lane): about 30-60 ms on one core here. */
    public static final Argon2Parameters DEFAULT = new Argon2Parameters(19456, 2, 1);

    public Argon2Parameters {
        if (memoryKiB < 8 * parallelism || iterations < 1 || parallelism < 1 || parallelism > 16) {
            throw new IllegalArgumentException(
                    "invalid Argon2 parameters m=" + memoryKiB + " t=" + iterations + " p=" + parallelism);
        }
    }
}
