#ifndef ISLET_CNCURSESW_SHIM_H
#define ISLET_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <locale.h>
#include <stdlib.h>
#include <term.h>

// Swift 6 cannot read C globals; these accessors are the only way in.
static inline WINDOW *islet_stdscr(void) { return stdscr; }
static inline int islet_lines(void) { return LINES; }
static inline int islet_cols(void) { return COLS; }
static inline int islet_colors(void) { return COLORS; }
static inline int islet_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t islet_a_bold(void) { return A_BOLD; }
static inline attr_t islet_a_dim(void) { return A_DIM; }
static inline attr_t islet_a_reverse(void) { return A_REVERSE; }
static inline attr_t islet_a_underline(void) { return A_UNDERLINE; }
static inline mmask_t islet_click_events(void) {
  return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON3_PRESSED | BUTTON3_CLICKED;
}
static inline int islet_button1_pressed(mmask_t state) { return (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0; }

/// Draws one glyph (a UTF-8 grapheme) with attributes and a color pair of any number.
static inline int islet_put_cell(WINDOW *window, int y, int x, const char *utf8, attr_t attributes, int pair) {
  wchar_t wide[8] = {0};
  size_t count = mbstowcs(wide, utf8, 7);
  if (count == (size_t)-1 || count == 0) { wide[0] = L'?'; wide[1] = 0; }
  cchar_t cell;
  if (setcchar(&cell, wide, attributes, (short)(pair > 32767 ? 0 : pair), &pair) != OK) return ERR;
  return mvwadd_wch(window, y, x, &cell);
}

/// newterm on stdout and stdin, which Swift 6 cannot name (they are C globals).
static inline SCREEN *islet_newterm(void) { return newterm(NULL, stdout, stdin); }

/// Whether the terminal can move the cursor: `TERM=dumb` cannot, and cannot draw a screen.
static inline int islet_can_position_cursor(void) {
  const char *cup = tigetstr("cup");
  return cup != NULL && cup != (char *)-1;
}
#endif
