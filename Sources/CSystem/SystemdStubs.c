// Debian's static libdbus-1.a is built with systemd support: its code for a bus daemon started
// by socket activation calls these two libsystemd functions. A client never reaches that code,
// and libsystemd ships no static library, so a fully static islet links these stand-ins
// instead: they answer "no sockets were passed", as libsystemd does outside socket activation.
// Hidden, so a dynamic build never exports them over libsystemd's own for libdbus-1.so.
#include <errno.h>

__attribute__((visibility("hidden"))) int sd_listen_fds(int unset_environment) {
  (void)unset_environment;
  return 0;
}

__attribute__((visibility("hidden"))) int sd_is_socket(int fd, int family, int type, int listening) {
  (void)fd;
  (void)family;
  (void)type;
  (void)listening;
  return -ENOSYS;
}
