-- WebDAV dead properties (PROPPATCH): one row per resource and property name. They stay with the node through a
-- MOVE (same id) and the trash, are copied by COPY, and go with the node when it is purged.
CREATE TABLE dav_properties (
    node_id    bigint        NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    namespace  varchar(1024) NOT NULL,
    name       varchar(255)  NOT NULL,
    -- the property element's content as XML text (character data escaped, child elements with their namespaces)
    value      text          NOT NULL,
    PRIMARY KEY (node_id, namespace, name)
);
