package dev.nubo;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.Test;

/**
 * Features meet only at their api: a class of one feature ({@code dev.nubo.<feature>...}) may use another feature's
 * {@code api} (and anything of {@code platform}, the shared technical layer), never its {@code service} or
 * {@code infra}. Checked on the compiled classes of the ejb module.
 */
class FeatureBoundariesTest {
    @Test
    void noFeatureUsesAnotherFeaturesServiceOrInfra() {
        classes()
                .that()
                .resideInAPackage("dev.nubo..")
                .should(new ArchCondition<JavaClass>("use other features only through their api") {
                    @Override
                    public void check(JavaClass item, ConditionEvents events) {
                        String own = feature(item.getPackageName());
                        for (Dependency d : item.getDirectDependenciesFromSelf()) {
                            String target = d.getTargetClass().getPackageName();
                            String[] parts = target.split("\\.");
                            if (parts.length < 4 || !target.startsWith("dev.nubo.")) {
                                continue;
                            }
                            String feature = parts[2];
                            String layer = parts[3];
                            if (!feature.equals(own) && (layer.equals("service") || layer.equals("infra"))) {
                                events.add(SimpleConditionEvent.violated(item, d.getDescription()));
                            }
                        }
                    }
                })
                .check(NuboClasses.main());
    }

    private static String feature(String packageName) {
        String[] parts = packageName.split("\\.");
        return parts.length > 2 ? parts[2] : "";
    }
}
