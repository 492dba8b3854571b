/**
 * Shared drives (issue 10, part 5): team spaces owned by the organisation. A drive is an account of kind
 * {@code drive} in {@code users} that owns a tree, a quota and a trash but can never sign in; its members are grants
 * on its root folder (viewer, editor, manager), to users or groups, so the one access check of
 * {@code dev.nubo.files.api.FileAccess} decides for drives as for any shared folder. Admins create, rename, set the
 * quota of and delete drives; admins and the drive's managers manage its members.
 */
package dev.nubo.drives;
