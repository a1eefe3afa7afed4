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
  return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON3_PRESSED | BUTTON3_CLICKED | BUTTON4_PRESSED |
         BUTTON5_PRESSED;
}
static inline int islet_button1_pressed(mmask_t state) { return (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0; }
/// The wheel, as ncurses reports it: -1 a notch up (button 4), 1 a notch down (button 5).
static inline int islet_wheel(mmask_t state) {
  return (state & BUTTON4_PRESSED) ? -1 : (state & BUTTON5_PRESSED) ? 1 : 0;
}

/// Draws one glyph (a UTF-8 grapheme of `count` bytes) with attributes and a color pair of any
/// number. The UTF-8 is decoded here rather than by mbstowcs: no locale machinery each frame.
/// A grapheme of more scalars than a cell holds keeps the first CCHARW_MAX.
static inline int islet_put_cell(WINDOW *window, int y, int x, const unsigned char *utf8, int count, attr_t attributes,
                                 int pair) {
  wchar_t wide[CCHARW_MAX + 1];
  int n = 0;
  for (int i = 0; i < count && n < CCHARW_MAX;) {
    unsigned int c = utf8[i];
    int length = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
    if (length == 0 || i + length > count) break;
    unsigned int value = length == 1 ? c : c & (0x7F >> length);
    for (int k = 1; k < length; k++) value = value << 6 | (utf8[i + k] & 0x3F);
    wide[n++] = (wchar_t)value;
    i += length;
  }
  if (n == 0) wide[n++] = L'?';
  wide[n] = 0;
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
