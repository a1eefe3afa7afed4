#!/usr/bin/python3
"""A terminal that records what it is sent, for tests that read a program's raw bytes.

    pty-terminal.py OUTPUT KEYS COMMAND [ARGUMENT...]

Runs COMMAND on a new pseudo-terminal of 100x30 (as its session leader, the terminal its
controlling one), appends every byte it prints to OUTPUT as it comes, and types into it what
is written to the FIFO KEYS (made here). Exits when COMMAND has closed the terminal.
"""
import fcntl
import os
import pty
import select
import struct
import sys
import termios

output, keys_path, command = sys.argv[1], sys.argv[2], sys.argv[3:]
pid, master = pty.fork()
if pid == 0:
    fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    os.execvp(command[0], command)

# Opened for reading and writing: a writer that comes and goes is never an end of file.
os.mkfifo(keys_path)
keys = os.open(keys_path, os.O_RDWR | os.O_NONBLOCK)
with open(output, "ab", buffering=0) as recorded:
    while True:
        ready, _, _ = select.select([master, keys], [], [])
        if keys in ready:
            os.write(master, os.read(keys, 4096))
        if master in ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            recorded.write(data)
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
