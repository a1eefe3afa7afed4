#ifndef ISLET_CNCURSESW_SHIM_H
#define ISLET_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <locale.h>

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
static inline mmask_t islet_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
#endif
