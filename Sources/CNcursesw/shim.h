#ifndef ISLET_CNCURSESW_SHIM_H
#define ISLET_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <wchar.h>

// Swift 6 cannot read C globals; these accessors are the only way in.
static inline WINDOW *islet_stdscr(void) { return stdscr; }
static inline int islet_colors(void) { return COLORS; }
static inline mmask_t islet_click_events(void) {
  return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON3_PRESSED | BUTTON3_CLICKED | BUTTON4_PRESSED |
         BUTTON5_PRESSED;
}
static inline int islet_button1_pressed(mmask_t state) { return (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0; }
/// The wheel, as ncurses reports it: -1 a notch up (button 4), 1 a notch down (button 5).
static inline int islet_wheel(mmask_t state) {
  return (state & BUTTON4_PRESSED) ? -1 : (state & BUTTON5_PRESSED) ? 1 : 0;
}

/// newterm on stdout and stdin, which Swift 6 cannot name (they are C globals).
static inline SCREEN *islet_newterm(void) { return newterm(NULL, stdout, stdin); }

/// A scalar in the locale's charset, into `out` (at least MB_LEN_MAX bytes): its length, or -1
/// when the charset has no such character.
static inline int islet_in_locale(unsigned int scalar, char *out) {
  mbstate_t state;
  memset(&state, 0, sizeof state);
  size_t length = wcrtomb(out, (wchar_t)scalar, &state);
  return length == (size_t)-1 ? -1 : (int)length;
}

/// A string capability of the terminal, or NULL when it has none.
static inline const char *islet_string_capability(const char *name) {
  const char *value = tigetstr(name);
  return value == (char *)-1 ? NULL : value;
}

/// A boolean capability: 1 when the terminal has it.
static inline int islet_flag_capability(const char *name) { return tigetflag(name) == 1; }

/// A numeric capability, or -1 when the terminal has none.
static inline int islet_number_capability(const char *name) {
  int value = tigetnum(name);
  return value < 0 ? -1 : value;
}

/// A capability with two numbers filled in (tiparm is variadic, which Swift cannot call).
static inline const char *islet_with_parameters(const char *capability, int first, int second) {
  return tiparm(capability, first, second);
}
#endif
