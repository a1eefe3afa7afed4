#!/usr/bin/python3
"""The tests' notification server: org.freedesktop.Notifications on the session bus.

    notification-server.py RECORD [--no-actions] [--markup]

Implements the specification's methods and records each call as one JSON line in RECORD, with
the time it was received (milliseconds since the epoch), so a test can read what was sent and
when. A test plays the user through its own interface, org.islet.Test, on the same object:

    dbus-send --session --print-reply --dest=org.freedesktop.Notifications \
      /org/freedesktop/Notifications org.islet.Test.InvokeAction uint32:1 string:snooze
    ... org.islet.Test.Dismiss uint32:1          (closed by the user, reason 2)

Prints "ready" once it owns the name; exits when the bus goes away.
"""
import json
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
TEST = "org.islet.Test"
# NotificationClosed reasons, from the specification.
EXPIRED, DISMISSED, CLOSED = 1, 2, 3


def plain(value):
    """A D-Bus value as JSON: numbers, text, lists."""
    if isinstance(value, (dbus.Boolean, bool)):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, (list, tuple, dbus.Array, dbus.Struct)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    return str(value)


class Server(dbus.service.Object):
    def __init__(self, bus, record, actions, markup):
        super().__init__(bus, PATH)
        self.record = open(record, "a", buffering=1, encoding="utf-8")
        self.capabilities = ["body"] + (["actions"] if actions else []) + (["body-markup"] if markup else [])
        self.open = {}  # id -> action keys
        self.last_id = 0

    def write(self, call, **fields):
        line = {"call": call, "received_ms": round(time.time() * 1000, 3), **fields}
        self.record.write(json.dumps(line, ensure_ascii=False) + "\n")

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        self.write("GetCapabilities")
        return self.capabilities

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        self.write("GetServerInformation")
        return ("islet-test-server", "Islet tests", "1.0", "1.2")

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        if replaces_id and replaces_id in self.open:
            id = int(replaces_id)
        else:
            self.last_id += 1
            id = self.last_id
        self.open[id] = [str(key) for key in actions[0::2]]
        self.write(
            "Notify", id=id, replaces_id=int(replaces_id), app_name=str(app_name), app_icon=str(app_icon),
            summary=str(summary), body=str(body), actions=plain(actions), hints=plain(hints),
            expire_timeout=int(expire_timeout))
        return id

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, id):
        self.write("CloseNotification", id=int(id))
        if self.open.pop(int(id), None) is not None:
            self.NotificationClosed(id, CLOSED)

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, id, reason):
        pass

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, id, key):
        pass

    @dbus.service.method(TEST, in_signature="us", out_signature="")
    def InvokeAction(self, id, key):
        """The user pressed a button: the action, then the notification closes, as servers do."""
        keys = self.open.get(int(id))
        if keys is None or str(key) not in keys:
            raise dbus.exceptions.DBusException(
                f"notification {int(id)} is not open with an action {key}", name=TEST + ".Error")
        self.write("InvokeAction", id=int(id), key=str(key))
        self.ActionInvoked(id, key)
        del self.open[int(id)]
        self.NotificationClosed(id, DISMISSED)

    @dbus.service.method(TEST, in_signature="u", out_signature="")
    def Dismiss(self, id):
        """The user closed it without a button."""
        if self.open.pop(int(id), None) is None:
            raise dbus.exceptions.DBusException(f"notification {int(id)} is not open", name=TEST + ".Error")
        self.write("Dismiss", id=int(id))
        self.NotificationClosed(id, DISMISSED)


def main():
    arguments = sys.argv[1:]
    if not arguments or arguments[0].startswith("-"):
        sys.exit(__doc__)
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    server = Server(bus, arguments[0], "--no-actions" not in arguments, "--markup" in arguments)
    name = dbus.service.BusName(NAME, bus, do_not_queue=True)
    print("ready", flush=True)
    GLib.MainLoop().run()
    del server, name


if __name__ == "__main__":
    main()
