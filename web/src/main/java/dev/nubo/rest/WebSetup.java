package dev.nubo.rest;

import dev.nubo.platform.web.WebSurface;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/** Installs the shared request log in this WAR's context, and quiets Jersey about clients that hang up. */
@WebListener
public class WebSetup implements ServletContextListener {
    @Override
    public void contextInitialized(ServletContextEvent event) {
        WebSurface.install(event.getServletContext());
        ClientGoneLogFilter.install();
    }
}
