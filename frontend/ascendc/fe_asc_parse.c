/*
** fe_asc_parse.c -- tree-sitter over the normalised text, and the source
** map back to the original files.  Every ERROR and MISSING node becomes a
** located `file:line:col: error:` (the first FE_ASC_MAX_SYNTAX of them);
** the tree walk is iterative (a TSTreeCursor), so no input nests the C
** stack.
*/
#include "fe_asc_int.h"

#include <string.h>

#define FE_ASC_MAX_SYNTAX 20

const TSLanguage *tree_sitter_cpp(void);

const TSLanguage *fe_asc_language(void) { return tree_sitter_cpp(); }

const fe_asc_seg *fe_asc_seg_at(const fe_asc_unit *u, uint32_t off) {
  uint32_t lo = 0, hi = u->segs.len;
  if (!hi || off >= u->len)
    return NULL;
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (MDL_VEC_AT(u->segs, fe_asc_seg, mid).out <= off)
      lo = mid;
    else
      hi = mid;
  }
  return &MDL_VEC_AT(u->segs, fe_asc_seg, lo);
}

bool fe_asc_locate(const fe_asc_unit *u, uint32_t off, uint32_t *file,
                   uint32_t *line, uint32_t *col) {
  const fe_asc_seg *s = fe_asc_seg_at(u, off);
  if (!s)
    return false;
  const fe_asc_file *f = &MDL_VEC_AT(u->files, fe_asc_file, s->file);
  uint32_t fo = s->off + (off - s->out);
  uint32_t lo = 0, hi = f->nlines;
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (f->line_start[mid] <= fo)
      lo = mid;
    else
      hi = mid;
  }
  *file = s->file;
  *line = lo + 1;
  *col = fo - f->line_start[lo] + 1;
  return true;
}

/* Reports node N (an ERROR or a MISSING node) at its original location. */
static void report(fe_asc_unit *u, mdl_diags *d, TSNode n) {
  uint32_t off = ts_node_start_byte(n), f = 0, line = 1, col = 1;
  if (off >= u->len && u->len)
    off = u->len - 1;
  fe_asc_locate(u, off, &f, &line, &col);
  const char *path = MDL_VEC_AT(u->files, fe_asc_file, f).path;
  if (ts_node_is_missing(n)) {
    mdl_diag_add(d, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL, line, col,
                 "syntax error: '%s' expected", ts_node_type(n));
    return;
  }
  uint32_t end = ts_node_end_byte(n);
  uint32_t k = off;
  while (k < end && k < off + 24 && u->text[k] != '\n')
    k++;
  mdl_diag_add(d, MDL_RULE_SYNTAX, MDL_SEV_ERROR, path, NULL, line, col,
               "syntax error near '%.*s'", (int)(k - off), u->text + off);
}

bool fe_asc_parse(fe_asc_unit *u, mdl_diags *d) {
  TSParser *ps = ts_parser_new();
  if (!ps || !ts_parser_set_language(ps, fe_asc_language())) {
    if (ps)
      ts_parser_delete(ps);
    mdl_diag_add(d, MDL_RULE_SYNTAX, MDL_SEV_ERROR, u->files.len ?
                 MDL_VEC_AT(u->files, fe_asc_file, 0).path : "", NULL, 1, 1,
                 "the tree-sitter C++ grammar's ABI is not the runtime's");
    return false;
  }
  if (u->tree)
    ts_tree_delete(u->tree);
  u->tree = ts_parser_parse_string(ps, NULL, u->text, u->len);
  ts_parser_delete(ps);
  if (!u->tree)
    return false;
  TSNode root = ts_tree_root_node(u->tree);
  if (!ts_node_has_error(root))
    return true;
  /* pre-order walk; an ERROR node is reported once, not its inside */
  uint32_t nerr = 0;
  TSTreeCursor c = ts_tree_cursor_new(root);
  for (bool more = true; more;) {
    TSNode n = ts_tree_cursor_current_node(&c);
    bool descend = ts_node_has_error(n);
    if (!strcmp(ts_node_type(n), "ERROR") || ts_node_is_missing(n)) {
      if (nerr++ < FE_ASC_MAX_SYNTAX)
        report(u, d, n);
      descend = false;
    }
    if (descend && ts_tree_cursor_goto_first_child(&c))
      continue;
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        more = false;
        break;
      }
    }
  }
  ts_tree_cursor_delete(&c);
  if (nerr > FE_ASC_MAX_SYNTAX)
    mdl_diag_add(d, MDL_RULE_SYNTAX, MDL_SEV_ERROR,
                 MDL_VEC_AT(u->files, fe_asc_file, 0).path, NULL, 1, 1,
                 "%u more syntax errors not shown", nerr - FE_ASC_MAX_SYNTAX);
  return nerr == 0;
}
