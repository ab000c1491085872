/*
** fe_lex.h -- MLIR tokens.  The lexer turns one chunk of text into a
** token array; the parser walks the array.
*/
#ifndef KSV_FE_LEX_H
#define KSV_FE_LEX_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

typedef enum {
  T_EOF, T_ERROR,
  T_PERCENT,   /* %name, %name#3 */
  T_CARET,     /* ^bb0 */
  T_HASH,      /* #map, #hivm.pipe */
  T_BANG,      /* !llvm.ptr */
  T_AT,        /* @func */
  T_BARE,      /* identifiers, keywords, dotted op names, i64 */
  T_INT, T_FLOAT, T_STRING,
  T_DIMS,      /* "16x16x" inside memref<...>, tensor<...>, vector<...> */
  T_LPAREN, T_RPAREN, T_LSQ, T_RSQ, T_LBRACE, T_RBRACE, T_LANGLE, T_RANGLE,
  T_COMMA, T_COLON, T_EQ, T_ARROW, T_QUESTION, T_STAR, T_PLUS, T_MINUS,
  T_SLASH, T_GE, T_LE, T_EQEQ, T_PIPE, T_ELLIPSIS, T_OTHER
} fe_tok_kind;

typedef struct {
  fe_tok_kind kind;
  bool nl;           /* first token on its line */
  uint32_t off, len; /* into the file text */
  uint32_t line, col;
} fe_tok;

typedef struct {
  fe_tok *t;
  uint32_t n, cap;
  /* first lexical error, if any */
  bool err;
  uint32_t err_line, err_col;
  char err_msg[160];
} fe_toks;

/* Lexes text[begin, end) whose first character is at (line, 1).
** Always ends the array with T_EOF.  Returns false on a lexical error
** (the error token is kept; err_* say where). */
bool fe_lex(const char *text, uint32_t begin, uint32_t end, uint32_t line,
            fe_toks *out);
void fe_toks_free(fe_toks *t);
const char *fe_tok_kind_name(fe_tok_kind k);

#endif
