package dev.nubo;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/** The compiled main classes of the ejb module, read once for every architecture test. */
public final class NuboClasses {
    private static JavaClasses main;

    private NuboClasses() {}

    public static synchronized JavaClasses main() {
        if (main == null) {
            main = new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("dev.nubo");
        }
        return main;
    }
}
