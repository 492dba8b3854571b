package dev.nubo.dav;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import dev.nubo.NuboClasses;
import dev.nubo.files.api.NodeName;
import org.junit.jupiter.api.Test;

/** The layering of the DAV packages (package-info of dev.nubo.dav and dev.nubo.dav.core), on the compiled classes. */
class DavLayersTest {
    @Test
    void theProtocolCoreKnowsNoFilesCalendarsOrSurfaces() {
        classes()
                .that()
                .resideInAPackage("dev.nubo.dav.core..")
                .should()
                .onlyDependOnClassesThat(resideInAnyPackage(
                                "dev.nubo.dav.core..",
                                "dev.nubo.platform..",
                                "java..",
                                "jakarta..",
                                "javax..",
                                // Woodstox, the StAX implementation Multistatus writes with
                                "org.codehaus.stax2..",
                                "com.ctc.wstx..")
                        // a path's segments are names the files core accepts
                        .or(equivalentTo(NodeName.class)))
                .check(NuboClasses.main());
    }

    @Test
    void calendarsAndContactsUseTheCoreNotTheFileTreeEngine() {
        noClasses()
                .that()
                .resideInAPackage("dev.nubo.dav.pim..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.nubo.dav")
                .check(NuboClasses.main());
    }

    @Test
    void theDavPackagesReachOtherFeaturesOnlyThroughTheirApi() {
        noClasses()
                .that()
                .resideInAPackage("dev.nubo.dav..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.nubo.*.infra..", "dev.nubo.*.service..")
                .check(NuboClasses.main());
    }
}
