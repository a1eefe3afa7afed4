#!/usr/bin/python3
"""The tests' stand-in for logind: org.freedesktop.login1 on a private "system" bus.

    login-stand-in.py RECORD

Owns org.freedesktop.login1, answers GetSession and GetSessionByPID with one session's object
path, and emits the documented signals only when a test asks, through its own interface,
org.islet.Test, on the manager's object:

    dbus-send --bus=ADDRESS --print-reply --dest=org.freedesktop.login1 \
      /org/freedesktop/login1 org.islet.Test.Sleep boolean:true   (PrepareForSleep(true))
    ... org.islet.Test.Lock      (the session's Lock)
    ... org.islet.Test.Unlock    (the session's Unlock)

Records each call it gets as one JSON line in RECORD. Prints "ready" once it owns the name.
"""
import json
import sys
import time

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "org.freedesktop.login1"
PATH = "/org/freedesktop/login1"
MANAGER = "org.freedesktop.login1.Manager"
SESSION = "org.freedesktop.login1.Session"
SESSION_PATH = PATH + "/session/_31"
TEST = "org.islet.Test"


class Session(dbus.service.Object):
    @dbus.service.signal(SESSION, signature="")
    def Lock(self):
        pass

    @dbus.service.signal(SESSION, signature="")
    def Unlock(self):
        pass


class Manager(dbus.service.Object):
    def __init__(self, bus, record, session):
        super().__init__(bus, PATH)
        self.record = open(record, "a", buffering=1, encoding="utf-8")
        self.session = session

    def write(self, call, **fields):
        line = {"call": call, "received_ms": round(time.time() * 1000, 3), **fields}
        self.record.write(json.dumps(line) + "\n")

    @dbus.service.method(MANAGER, in_signature="s", out_signature="o")
    def GetSession(self, id):
        self.write("GetSession", id=str(id))
        return dbus.ObjectPath(SESSION_PATH)

    @dbus.service.method(MANAGER, in_signature="u", out_signature="o")
    def GetSessionByPID(self, pid):
        self.write("GetSessionByPID", pid=int(pid))
        return dbus.ObjectPath(SESSION_PATH)

    @dbus.service.signal(MANAGER, signature="b")
    def PrepareForSleep(self, start):
        pass

    @dbus.service.method(TEST, in_signature="b", out_signature="")
    def Sleep(self, start):
        self.write("Sleep", start=bool(start))
        self.PrepareForSleep(start)

    @dbus.service.method(TEST, in_signature="", out_signature="")
    def Lock(self):
        self.write("Lock")
        self.session.Lock()

    @dbus.service.method(TEST, in_signature="", out_signature="")
    def Unlock(self):
        self.write("Unlock")
        self.session.Unlock()


def main():
    arguments = sys.argv[1:]
    if not arguments or arguments[0].startswith("-"):
        sys.exit(__doc__)
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    session = Session(bus, SESSION_PATH)
    manager = Manager(bus, arguments[0], session)
    name = dbus.service.BusName(NAME, bus, do_not_queue=True)
    print("ready", flush=True)
    GLib.MainLoop().run()
    del manager, session, name


if __name__ == "__main__":
    main()
