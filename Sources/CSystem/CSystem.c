#define _GNU_SOURCE 1
#include "CSystem.h"
#include <fcntl.h>
#include <signal.h>
#include <termios.h>
#include <spawn.h>
#include <string.h>
#include <sys/timerfd.h>
#include <pthread.h>
#include <unistd.h>

int islet_timerfd_create(void) { return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK); }

int islet_timerfd_arm(int fd, long long seconds, long nanoseconds) {
  struct itimerspec spec;
  memset(&spec, 0, sizeof spec);
  spec.it_value.tv_sec = seconds;
  spec.it_value.tv_nsec = nanoseconds;
  return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
}

int islet_spawn_detached(const char *path, char *const argv[], char *const envp[], int stdin_fd,
                         int output_fd, int new_session, pid_t *pid) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  sigset_t none, all;
  int status;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attributes);
  if (stdin_fd >= 0) posix_spawn_file_actions_adddup2(&actions, stdin_fd, 0);
  else posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  if (output_fd >= 0) {
    posix_spawn_file_actions_adddup2(&actions, output_fd, 1);
    posix_spawn_file_actions_adddup2(&actions, output_fd, 2);
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  }
  posix_spawn_file_actions_addclosefrom_np(&actions, 3);
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &all);
  short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
  if (new_session) flags |= POSIX_SPAWN_SETSID;
  posix_spawnattr_setflags(&attributes, flags);
  status = posix_spawn(pid, path, &actions, &attributes, argv, envp);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  return status;
}

int islet_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

static volatile sig_atomic_t islet_last_signal = 0;

static void islet_note_signal(int signal) { islet_last_signal = signal; }

int islet_take_signal(void) {
  int signal = islet_last_signal;
  islet_last_signal = 0;
  return signal;
}

int islet_catch_interrupts(void) {
  struct sigaction action;
  sigset_t set;
  memset(&action, 0, sizeof action);
  action.sa_handler = islet_note_signal;  // no SA_RESTART: a blocking poll returns EINTR
  sigemptyset(&action.sa_mask);
  sigemptyset(&set);
  int signals[] = {SIGINT, SIGTERM, SIGHUP};
  for (int i = 0; i < 3; i++) {
    if (sigaction(signals[i], &action, NULL) != 0) return -1;
    sigaddset(&set, signals[i]);
  }
  // A parent may have left them blocked; a waiting command must still hear Ctrl-C.
  return pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

static int islet_stop_caught = 0;
static int islet_continue_caught = 0;

int islet_catch_suspension(void) {
  struct sigaction action, before;
  memset(&action, 0, sizeof action);
  action.sa_handler = islet_note_signal;
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGCONT, &action, NULL) != 0) return -1;
  islet_continue_caught = 1;
  // A parent that ignores Ctrl-Z (no job control, nobody to continue a stopped child) is obeyed.
  if (sigaction(SIGTSTP, NULL, &before) != 0) return -1;
  if (before.sa_handler == SIG_IGN) return 0;
  if (sigaction(SIGTSTP, &action, NULL) != 0) return -1;
  islet_stop_caught = 1;
  return 0;
}

void islet_stop_self(void) {
  struct sigaction stop, kept;
  memset(&stop, 0, sizeof stop);
  stop.sa_handler = SIG_DFL;
  sigemptyset(&stop.sa_mask);
  sigaction(SIGTSTP, &stop, &kept);
  sigset_t set, before;
  sigemptyset(&set);
  sigaddset(&set, SIGTSTP);
  // Sent while blocked, it joins a Ctrl-Z already pending: one stop, not two.
  kill(getpid(), SIGTSTP);
  // Stopped here until continued; in an orphaned process group (nobody to continue it) the
  // kernel discards the signal and this returns at once.
  pthread_sigmask(SIG_UNBLOCK, &set, &before);
  pthread_sigmask(SIG_SETMASK, &before, NULL);
  sigaction(SIGTSTP, &kept, NULL);
  // The SIGCONT that continued it is this stop's own, not news for the next wait.
  sigset_t continued;
  sigemptyset(&continued);
  sigaddset(&continued, SIGCONT);
  struct timespec now = {0, 0};
  while (sigtimedwait(&continued, NULL, &now) > 0) {
  }
}

static sigset_t islet_waiting_mask;

int islet_defer_interrupts(void) {
  sigset_t set;
  sigemptyset(&set);
  int signals[6] = {SIGINT, SIGTERM, SIGHUP, SIGWINCH};
  int count = 4;
  // Ctrl-Z waits for the wait only where it is caught; elsewhere it stops at once, as always.
  if (islet_stop_caught) signals[count++] = SIGTSTP;
  if (islet_continue_caught) signals[count++] = SIGCONT;
  for (int i = 0; i < count; i++) sigaddset(&set, signals[i]);
  if (pthread_sigmask(SIG_BLOCK, &set, &islet_waiting_mask) != 0) return -1;
  for (int i = 0; i < count; i++) sigdelset(&islet_waiting_mask, signals[i]);
  return 0;
}

int islet_wait_for(struct pollfd *fds, nfds_t count, int timeout_ms) {
  struct timespec timeout = {timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000};
  return ppoll(fds, count, timeout_ms < 0 ? NULL : &timeout, &islet_waiting_mask);
}

static struct termios islet_crash_modes;
static int islet_crash_have_modes;
static char islet_crash_restore[512];
static size_t islet_crash_restore_length;

static void islet_write_all(int fd, const char *text, size_t length) {
  while (length > 0) {
    ssize_t written = write(fd, text, length);
    if (written <= 0) return;
    text += written;
    length -= (size_t)written;
  }
}

// Only async-signal-safe calls: write, tcsetattr, sigaction, raise.
static void islet_crash_handler(int sig) {
  if (islet_crash_restore_length > 0) islet_write_all(1, islet_crash_restore, islet_crash_restore_length);
  if (islet_crash_have_modes) tcsetattr(0, TCSANOW, &islet_crash_modes);
  const char *name = sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" : sig == SIGILL ? "SIGILL"
                     : sig == SIGTRAP ? "SIGTRAP" : sig == SIGFPE ? "SIGFPE" : "SIGABRT";
  const char *before = "islet: internal error (";
  const char *after = "); this is a bug in Islet, and the store is as the last command left it\n";
  islet_write_all(2, before, strlen(before));
  islet_write_all(2, name, strlen(name));
  islet_write_all(2, after, strlen(after));
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(sig, &fallback, NULL);
  raise(sig);
}

int islet_catch_crashes(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = islet_crash_handler;
  sigemptyset(&action.sa_mask);
  int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT};
  for (int i = 0; i < 6; i++) {
    if (sigaction(signals[i], &action, NULL) != 0) return -1;
  }
  return 0;
}

void islet_restore_terminal_on_crash(const char *restore) {
  islet_crash_have_modes = tcgetattr(0, &islet_crash_modes) == 0;
  size_t length = strlen(restore);
  if (length >= sizeof islet_crash_restore) length = sizeof islet_crash_restore - 1;
  memcpy(islet_crash_restore, restore, length);
  islet_crash_restore_length = length;
}

#include <sys/signalfd.h>
#include <sys/wait.h>

int islet_child_exits_fd(void) {
  sigset_t child;
  sigemptyset(&child);
  sigaddset(&child, SIGCHLD);
  if (sigprocmask(SIG_BLOCK, &child, NULL) != 0) return -1;
  return signalfd(-1, &child, SFD_CLOEXEC | SFD_NONBLOCK);
}

int islet_reap_children(int fd) {
  struct signalfd_siginfo info;
  while (fd >= 0 && read(fd, &info, sizeof info) == sizeof info) {}
  int reaped = 0;
  while (waitpid(-1, NULL, WNOHANG) > 0) reaped++;
  return reaped;
}

#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>

// The linker's marks around the program's headers and code (read-only, never written).
extern char __executable_start[], etext[];

void islet_release_startup_memory(void) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t start = ((uintptr_t)__executable_start + page - 1) & ~(page - 1);
  uintptr_t end = (uintptr_t)etext & ~(page - 1);
  if (end > start) madvise((void *)start, end - start, MADV_DONTNEED);
  malloc_trim(0);
}

#include <errno.h>
#include <pty.h>
#include <sys/ioctl.h>
#include <time.h>

#include <sys/resource.h>

// Between fork and exec, system calls alone (and the leader's own fork): `islet run` starts no
// thread before it forks, so no lock another thread held is copied half-taken.
static void islet_run_exec(char *const argv[], int error_pipe) {
  sigset_t none;
  sigemptyset(&none);
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigaction(SIGPIPE, &fallback, NULL);  // islet ignores it; the command gets it as from a shell
  sigprocmask(SIG_SETMASK, &none, NULL);
  execvp(argv[0], argv);
  int error = errno;
  ssize_t ignored = write(error_pipe, &error, sizeof error);
  (void)ignored;
  _exit(127);
}

// The pty's session leader, between islet and the command: a process group whose parent is in
// another session is orphaned, and the kernel ignores Ctrl-Z in an orphaned group. So the
// command gets a group of its own, the terminal's foreground, under this one; when it stops,
// this stops too (SIGSTOP, which works even here) for islet to see, and continues it after.
static void islet_run_leader(char *const argv[], int slave, int error_pipe) {
  // Islet's blocked signals are not the leader's: a hang-up of the pty (islet gone) ends it.
  sigset_t unblocked;
  sigemptyset(&unblocked);
  sigprocmask(SIG_SETMASK, &unblocked, NULL);
  setsid();
  ioctl(slave, TIOCSCTTY, 0);
  dup2(slave, 0);
  dup2(slave, 1);
  if (isatty(2)) dup2(slave, 2);
  if (slave > 2) close(slave);
  pid_t command = fork();
  if (command == 0) {
    sigset_t quiet;
    sigemptyset(&quiet);
    sigaddset(&quiet, SIGTTOU);
    sigprocmask(SIG_BLOCK, &quiet, NULL);  // a group in the background takes the terminal
    setpgid(0, 0);
    tcsetpgrp(0, getpid());
    islet_run_exec(argv, error_pipe);
  }
  close(error_pipe);
  if (command < 0) _exit(126);
  setpgid(command, command);
  int status;
  for (;;) {
    if (waitpid(command, &status, WUNTRACED) < 0) {
      if (errno == EINTR) continue;
      _exit(126);
    }
    if (!WIFSTOPPED(status)) break;
    kill(getpid(), SIGSTOP);
    kill(-command, SIGCONT);
  }
  if (!WIFSIGNALED(status)) _exit(WEXITSTATUS(status));
  // Dies of the same signal, for islet to see, with no core of its own.
  struct rlimit none = {0, 0};
  setrlimit(RLIMIT_CORE, &none);
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigaction(WTERMSIG(status), &fallback, NULL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, WTERMSIG(status));
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  kill(getpid(), WTERMSIG(status));
  _exit(128 + WTERMSIG(status));
}

int islet_run_spawn(char *const argv[], int with_pty, int *master, pid_t *pid) {
  int slave = -1, errors[2];
  *master = -1;
  if (with_pty) {
    struct termios modes;
    struct winsize size;
    int have_modes = tcgetattr(0, &modes) == 0;
    int have_size = ioctl(0, TIOCGWINSZ, &size) == 0 && size.ws_row > 0;
    if (openpty(master, &slave, NULL, have_modes ? &modes : NULL, have_size ? &size : NULL) != 0) return errno;
    fcntl(*master, F_SETFD, FD_CLOEXEC);
  }
  if (pipe2(errors, O_CLOEXEC) != 0) {
    int error = errno;
    if (with_pty) { close(*master); close(slave); *master = -1; }
    return error;
  }
  pid_t child = fork();
  if (child == 0) {
    close(errors[0]);
    if (!with_pty) islet_run_exec(argv, errors[1]);
    close(*master);
    islet_run_leader(argv, slave, errors[1]);
  }
  int error = child < 0 ? errno : 0;
  close(errors[1]);
  if (slave >= 0) close(slave);
  if (child > 0) {
    // Nothing to read means the exec succeeded (the pipe closed on it).
    ssize_t got;
    do got = read(errors[0], &error, sizeof error);
    while (got < 0 && errno == EINTR);
    if (got != sizeof error) error = 0;
    else waitpid(child, NULL, 0);
  }
  close(errors[0]);
  if (error != 0 && *master >= 0) { close(*master); *master = -1; }
  *pid = child;
  return error;
}

int islet_run_signals_fd(void) {
  sigset_t set;
  sigemptyset(&set);
  int signals[] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGWINCH, SIGCHLD, SIGTSTP, SIGCONT};
  for (int i = 0; i < 8; i++) sigaddset(&set, signals[i]);
  if (pthread_sigmask(SIG_BLOCK, &set, NULL) != 0) return -1;
  return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

int islet_run_next_signal(int fd) {
  struct signalfd_siginfo info;
  return read(fd, &info, sizeof info) == sizeof info ? (int)info.ssi_signo : 0;
}

int islet_run_child_state(pid_t pid, int *code) {
  int status;
  pid_t got;
  do got = waitpid(pid, &status, WNOHANG | WUNTRACED);
  while (got < 0 && errno == EINTR);
  if (got <= 0) return 0;
  if (WIFSTOPPED(status)) return 2;
  if (WIFSIGNALED(status)) {
    *code = WTERMSIG(status);
    return 3;
  }
  *code = WEXITSTATUS(status);
  return 1;
}

static struct termios islet_kept_modes;
static int islet_have_kept_modes;

int islet_terminal_raw(int fd) {
  struct termios raw;
  if (tcgetattr(fd, &islet_kept_modes) != 0) return -1;
  islet_have_kept_modes = 1;
  raw = islet_kept_modes;
  cfmakeraw(&raw);
  return tcsetattr(fd, TCSADRAIN, &raw);
}

void islet_terminal_restore(int fd) {
  if (islet_have_kept_modes) tcsetattr(fd, TCSADRAIN, &islet_kept_modes);
}

int islet_copy_window_size(int from, int master) {
  struct winsize size;
  if (ioctl(from, TIOCGWINSZ, &size) != 0 || size.ws_row == 0) return -1;
  return ioctl(master, TIOCSWINSZ, &size);
}

int islet_set_nonblocking(int fd) {
  int flags = fcntl(fd, F_GETFL);
  return flags < 0 ? -1 : fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

long long islet_monotonic_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

pid_t islet_foreground_group(int master) { return tcgetpgrp(master); }
