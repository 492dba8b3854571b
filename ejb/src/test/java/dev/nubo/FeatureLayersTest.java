package dev.nubo;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import org.junit.jupiter.api.Test;

/**
 * The layering inside every feature (README, docs/architecture.md): {@code api} is what other features and the WARs
 * see and depends on no implementation; {@code domain} holds rules without I/O; transactions begin in {@code service}
 * or {@code infra}.
 */
class FeatureLayersTest {
    @Test
    void anApiDependsOnNoServiceOrInfra() {
        noClasses()
                .that()
                .resideInAPackage("dev.nubo.*.api..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.nubo.*.service..", "dev.nubo.*.infra..")
                .check(NuboClasses.main());
    }

    @Test
    void aDomainDependsOnNoServiceOrInfra() {
        noClasses()
                .that()
                .resideInAPackage("dev.nubo.*.domain..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.nubo.*.service..", "dev.nubo.*.infra..")
                .check(NuboClasses.main());
    }

    @Test
    void noApiOrDomainClassOpensATransaction() {
        noClasses()
                .that()
                .resideInAnyPackage("dev.nubo.*.api..", "dev.nubo.*.domain..")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("jakarta.transaction.Transactional")
                .check(NuboClasses.main());
    }
}
