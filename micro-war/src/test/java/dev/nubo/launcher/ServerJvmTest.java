package dev.nubo.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ServerJvmTest {
    static final long GIB = 1L << 30;
    static final long MIB = ServerJvm.MIB;

    @Test
    void autoHeap_isAnEighthOfTheMachine_between192And512Mib() {
        assertThat(ServerJvm.heapBytes("auto", 24 * GIB)).isEqualTo(512 * MIB);
        assertThat(ServerJvm.heapBytes("AUTO", 2 * GIB)).isEqualTo(256 * MIB);
        assertThat(ServerJvm.heapBytes("auto", GIB)).isEqualTo(192 * MIB);
    }

    @Test
    void explicitSizes_areTakenAsTheyAre_andJvmOrUnsetMeansNoChild() {
        assertThat(ServerJvm.heapBytes("768m", 24 * GIB)).isEqualTo(768 * MIB);
        assertThat(ServerJvm.heapBytes("2g", 24 * GIB)).isEqualTo(2 * GIB);
        assertThat(ServerJvm.heapBytes("131072k", 24 * GIB)).isEqualTo(128 * MIB);
        assertThat(ServerJvm.heapBytes("jvm", 24 * GIB)).isZero();
        assertThat(ServerJvm.heapBytes(null, 24 * GIB)).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"big", "64m", "512x", "-1g", "1.5g", "m"})
    void badHeapSettings_areRefusedWithAMessageNamingTheSetting(String value) {
        assertThatThrownBy(() -> ServerJvm.heapBytes(value, 24 * GIB))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("NUBO_HEAP: '" + value + "'");
    }

    @Test
    void anOperatorsHeapLimit_keepsTheServerInTheLaunchingJvm() {
        assertThat(ServerJvm.sizedByOperator(List.of("-Xmx256m"))).isTrue();
        assertThat(ServerJvm.sizedByOperator(List.of("-Dx=1", "-XX:MaxRAMPercentage=50")))
                .isTrue();
        assertThat(ServerJvm.sizedByOperator(List.of("-XX:TieredStopAtLevel=1", "-Dnubo.port=1")))
                .isFalse();
    }

    @Test
    void javaOpts_areWords_thatMustBeOptions() {
        assertThat(ServerJvm.operatorOptions("  -Xmx1g   -Dfoo=bar ")).containsExactly("-Xmx1g", "-Dfoo=bar");
        assertThat(ServerJvm.operatorOptions(null)).isEmpty();
        assertThatThrownBy(() -> ServerJvm.operatorOptions("-Xmx1g rm")).hasMessageStartingWith("NUBO_JAVA_OPTS: 'rm'");
    }

    @Test
    void plan_putsLimitsAfterInheritedOptions_andTheOperatorsLast_withoutADebuggerTwice(@TempDir Path data) {
        ServerJvm.Plan p = ServerJvm.plan(
                List.of("-XX:TieredStopAtLevel=1", "-agentlib:jdwp=transport=dt_socket,address=5005"),
                512 * MIB,
                List.of("-Xmx1g"),
                data,
                false,
                "jar");
        assertThat(p.options())
                .containsExactly(
                        "-XX:TieredStopAtLevel=1",
                        "-Xmx512m",
                        ServerJvm.METASPACE,
                        ServerJvm.CODE_CACHE,
                        ServerJvm.DIRECT,
                        "-Xmx1g");
        assertThat(p.archive()).isEmpty();
    }

    @Test
    void plan_writesAnArchiveFirst_andUsesItOnceItExists(@TempDir Path data) throws Exception {
        ServerJvm.Plan first = ServerJvm.plan(List.of(), 256 * MIB, List.of(), data, true, "jar-1");
        assertThat(first.writesArchive()).isTrue();
        Path archive = first.archive().orElseThrow();
        assertThat(first.options()).contains("-XX:ArchiveClassesAtExit=" + ServerJvm.partial(archive));

        Files.createDirectories(archive.getParent());
        Files.write(archive, new byte[] {1});
        ServerJvm.Plan next = ServerJvm.plan(List.of(), 256 * MIB, List.of(), data, true, "jar-1");
        assertThat(next.writesArchive()).isFalse();
        assertThat(next.options()).contains("-XX:SharedArchiveFile=" + archive);

        ServerJvm.Plan rebuilt = ServerJvm.plan(List.of(), 256 * MIB, List.of(), data, true, "jar-2");
        assertThat(rebuilt.archive().orElseThrow())
                .as("another jar, another archive")
                .isNotEqualTo(archive);
        assertThat(rebuilt.writesArchive()).isTrue();
    }
}
