#define _GNU_SOURCE 1
#include "CSystem.h"
#include <fcntl.h>
#include <signal.h>
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
