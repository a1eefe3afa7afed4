#ifndef ISLET_CSYSTEM_H
#define ISLET_CSYSTEM_H
#include <poll.h>
#include <sys/types.h>

// Linux interfaces Glibc's Swift module leaves out (they need _GNU_SOURCE), behind plain types.

/// A non-blocking CLOCK_REALTIME timerfd, or -1.
int islet_timerfd_create(void);
/// Arms it for an absolute wall-clock time; it also fires when the clock is set. 0,0 disarms.
int islet_timerfd_arm(int fd, long long seconds, long nanoseconds);
/// Starts `path` in a session of its own with stdin from `stdin_fd` (or /dev/null when -1),
/// stdout and stderr to `output_fd` (or /dev/null when -1), no other descriptors and default
/// signals, so that nobody waiting on our pipes waits for it. Returns 0 or an errno.
int islet_spawn_detached(const char *path, char *const argv[], char *const envp[], int stdin_fd,
                         int output_fd, int new_session, pid_t *pid);
/// Makes SIGINT, SIGTERM and SIGHUP interrupt a blocking call (EINTR) instead of killing us.
int islet_catch_interrupts(void);
/// The last of those signals to arrive since the last call (0 for none), cleared.
int islet_take_signal(void);
/// Makes Ctrl-Z (SIGTSTP) and SIGCONT noted like the interrupts, for a program that gives the
/// terminal back before it stops (`islet_stop_self`) and, continued after any stop, takes the
/// terminal's modes back and repaints; Ctrl-Z is left alone when ignored (the parent's choice).
/// Called before ncurses starts, which then leaves them alone.
int islet_catch_suspension(void);
/// Stops the process as Ctrl-Z would have, returning once it is continued.
void islet_stop_self(void);
/// Holds SIGINT, SIGTERM, SIGHUP and SIGWINCH back until `islet_wait_for` (and SIGTSTP and
/// SIGCONT once caught): one that comes while the caller works is then not lost to a wait
/// begun after it.
int islet_defer_interrupts(void);
/// poll(2) with those signals let in for the wait: one pending or arriving ends it (EINTR).
int islet_wait_for(struct pollfd *fds, nfds_t count, int timeout_ms);
/// A pipe whose ends close on exec.
int islet_pipe_cloexec(int fds[2]);
/// Blocks SIGCHLD and gives a descriptor that is readable when a child has exited, so that a
/// long-lived process can reap its children from its poll loop (children start unblocked).
int islet_child_exits_fd(void);
/// Drains `fd` and reaps every child that has exited; how many.
int islet_reap_children(int fd);
/// On a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT): one line on stderr, and the
/// process dies of the same signal at once (no backtracer, which would wait for a key).
int islet_catch_crashes(void);
/// Keeps the terminal's modes as they are now, and `restore` (bytes that leave the alternate
/// screen, show the cursor, stop mouse reports), to put back first should the process crash.
void islet_restore_terminal_on_crash(const char *restore);
/// For a process that runs on (the view, `status --follow`, the deadline watcher) once it has
/// started: unmaps the program's code pages, which the kernel maps back as they are run, so
/// that what stays resident is the code its work uses rather than all its start-up ran; and
/// gives the heap's free memory back. The code is the file's clean pages: nothing is lost.
void islet_release_startup_memory(void);

// `islet run`: a command in the foreground, on a pseudo-terminal of its own when on a terminal.

/// Forks `argv[0]` (found on PATH as a shell finds it) with an empty signal mask and SIGPIPE at
/// its default; with `with_pty`, on a new pseudo-terminal as its controlling terminal (the
/// modes and size of fd 0; stderr too when fd 2 is a terminal), its other end left in *master,
/// under a session leader *pid that stops when it stops and ends as it ends. Returns 0, or the
/// errno the pty, the fork or the exec met (the child then reaped).
int islet_run_spawn(char *const argv[], int with_pty, int *master, pid_t *pid);
/// Blocks SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGWINCH, SIGCHLD, SIGTSTP and SIGCONT, and gives a
/// descriptor readable when one of them arrives.
int islet_run_signals_fd(void);
/// The next signal that descriptor holds, 0 when none.
int islet_run_next_signal(int fd);
/// The child's news: 0 none, 1 it exited (*code its status), 2 it stopped, 3 a signal killed it
/// (*code the signal).
int islet_run_child_state(pid_t pid, int *code);
/// Keeps the modes of the terminal on `fd` and puts it in raw mode; -1 when it is no terminal.
int islet_terminal_raw(int fd);
/// Puts back the modes `islet_terminal_raw` kept, if any.
void islet_terminal_restore(int fd);
/// The terminal's foreground process group on the pty `master`, or -1.
pid_t islet_foreground_group(int master);
/// Gives the pty `master` the window size of the terminal on `from`; -1 when unknown.
int islet_copy_window_size(int from, int master);
/// Makes `fd` non-blocking.
int islet_set_nonblocking(int fd);
/// CLOCK_MONOTONIC in milliseconds.
long long islet_monotonic_ms(void);
#endif
