// Files a suite supplies (issue 43): git commits symlinks, so a module in lib/ may be a link to
// any file, a FIFO or /dev/zero. What `require` and a script's `sim.explore.load` read must
// resolve inside a folder, be a regular file, and is read within a size bound.
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Whether the real path `path` is the real folder `folder` or lies inside it, by components.
static int scn_inside(const char *folder, const char *path) {
    size_t length = strlen(folder);
    if (length == 1 && folder[0] == '/') return 1;
    return strncmp(folder, path, length) == 0 && (path[length] == '\0' || path[length] == '/');
}

// The first of `roots` (resolved) that holds the real path `real`, malloc'd; NULL if none does.
static char *scn_root_holding(const char *real, const char *const *roots, int root_count) {
    for (int i = 0; i < root_count; i++) {
        if (roots[i] == NULL) continue;
        char *root = realpath(roots[i], NULL);
        if (root == NULL) continue;
        if (scn_inside(root, real)) return root;
        free(root);
    }
    return NULL;
}

int scn_open_contained(const char *path, const char *const *roots, int root_count, long long max_bytes, int *problem) {
    // Decided before opening: a link out of the folders is never opened (opening a device can
    // act, opening a FIFO for reading waits for a writer).
    char *real = realpath(path, NULL);
    if (real == NULL) {
        *problem = (errno == ENOENT || errno == ENOTDIR) ? SCN_FILE_MISSING : SCN_FILE_ERROR;
        return -1;
    }
    char *root = scn_root_holding(real, roots, root_count);
    free(real);
    if (root == NULL) {
        *problem = SCN_FILE_OUTSIDE;
        return -1;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        *problem = (errno == ENOENT || errno == ENOTDIR) ? SCN_FILE_MISSING : SCN_FILE_ERROR;
        free(root);
        return -1;
    }
    // The file opened, not the path: a regular file, and the very one the path resolves to
    // inside the folder now (a link swapped between the look above and the open fails here).
    struct stat info, now;
    int result = SCN_FILE_OK;
    if (fstat(fd, &info) != 0) {
        result = SCN_FILE_ERROR;
    } else if (!S_ISREG(info.st_mode)) {
        result = SCN_FILE_NOT_REGULAR;
    } else {
        char *again = realpath(path, NULL);
        if (again == NULL || !scn_inside(root, again) || stat(again, &now) != 0
            || now.st_dev != info.st_dev || now.st_ino != info.st_ino) {
            result = SCN_FILE_OUTSIDE;
        } else if ((long long)info.st_size > max_bytes) {
            result = SCN_FILE_TOO_LARGE;
        }
        free(again);
    }
    free(root);
    if (result != SCN_FILE_OK) {
        int saved = errno;
        close(fd);
        errno = saved;
        *problem = result;
        return -1;
    }
    // Reads of a regular file never wait; the flag is cleared all the same.
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    *problem = SCN_FILE_OK;
    return fd;
}

int scn_load_source_named(lua_State *L, const unsigned char *bytes, size_t length, const char *chunk_name) {
    // As scn_load_file_named: a UTF-8 BOM is skipped, and a first line starting with '#' is
    // dropped but for its newline, so line numbers stay right.
    size_t start = 0;
    if (length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) start = 3;
    if (start < length && bytes[start] == '#') {
        while (start < length && bytes[start] != '\n') start++;
    }
    return luaL_loadbufferx(L, (const char *)bytes + start, length - start, chunk_name, "t");
}
