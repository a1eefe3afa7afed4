#ifndef ISLET_CDBUS_SHIM_H
#define ISLET_CDBUS_SHIM_H
#include <dbus/dbus.h>
#endif
