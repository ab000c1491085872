/*
** cli.h -- the command line's option tables: one table per subcommand,
** one row per option (its names, its argument, what it sets, its help),
** from which getopt_long's arrays, the parsing and `ksv CMD --help` are
** made (cli/cli_opts.c); and the expansion of the file operands
** (directories, `-`; cli/cli_files.c).
*/
#ifndef KSV_CLI_H
#define KSV_CLI_H

#include "../include/ksv.h"

#include <stddef.h>

#define CLI_MAX_DEFINES 256

/* The operands of a repeatable option, in their order (argc long). */
typedef struct {
  const char **v;
  uint32_t n;
} cli_list;

/* Everything the options of any subcommand set; rows name a field of it
** by offset. */
typedef struct cli {
  const char *cmd;             /* "check", "fix", ... */
  ksv_options o;               /* check, dump, export; fix's fo.check */
  ksv_fix_options fo;
  ksv_sim_options so;
  const char *outpath;         /* -o (check, export) */
  const char *kernel;          /* export --kernel */
  int export_format;           /* export --format (promela only) */
  int color;                   /* --color: CLI_COLOR_* */
  bool help;                   /* --help: print the table, run nothing */
  const char *defs[CLI_MAX_DEFINES];
  cli_list sets;               /* sim --set NAME=VALUE */
  cli_list includes, excludes; /* check --include / --exclude GLOB */
  cli_list reports;            /* check --report FORMAT=FILE */
  cli_list switches;           /* check --disable / --enable, in order:
                                  "-RULE[,RULE]" / "+RULE[,RULE]"
                                  (allocated) */
  bool list_rules;             /* check --list-rules */
} cli;

enum { CLI_COLOR_AUTO = 0, CLI_COLOR_ALWAYS = 1, CLI_COLOR_NEVER = 2 };

typedef struct cli_opt cli_opt;
/* Applies a row's value v (NULL for a switch); 0, or nonzero after printing
** the usage error. */
typedef int (*cli_setter)(cli *c, const cli_opt *r, const char *v);

struct cli_opt {
  const char *lname;           /* long name without "--", or NULL */
  char sname;                  /* short name, or 0 */
  const char *arg;             /* metavar ("N", "a2|a5": a choice), or
                                  NULL: a switch */
  cli_setter set;
  size_t off;                  /* offsetof(cli, the field set) */
  uint64_t max;                /* cli_set_u32/u64: the largest value */
  const char *help;            /* one paragraph, wrapped by --help */
};

/* The setters rows use: a switch (bool = true), an integer 1..max
** (uint32_t / uint64_t), a non-empty string, an index into the row's
** "a|b|c" choices (int), an absolute URL, one more operand of a
** repeatable option (cli_list). */
int cli_set_true(cli *c, const cli_opt *r, const char *v);
int cli_set_u32(cli *c, const cli_opt *r, const char *v);
int cli_set_u64(cli *c, const cli_opt *r, const char *v);
int cli_set_str(cli *c, const cli_opt *r, const char *v);
int cli_set_choice(cli *c, const cli_opt *r, const char *v);
int cli_set_uri(cli *c, const cli_opt *r, const char *v);
int cli_set_list(cli *c, const cli_opt *r, const char *v);

/* "ksv: error: MSG[: 'ARG'] (see 'ksv CMD --help')"; returns exit 2. */
int cli_usage_error(const cli *c, const char *msg, const char *arg);

/* Parses argv[0] (the subcommand) .. argv[argc-1] against rows (ended by
** a row with neither name).  Returns 0 with *first the index of the first
** operand (getopt_long moves the operands to the end; `--` ends the
** options), or exit 2 after the message. */
int cli_parse(cli *c, const cli_opt *rows, int argc, char **argv,
              int *first);

/* Prints rows as the option lines of --help (skip: rows to leave out, as
** rows too, or NULL). */
void cli_print_rows(FILE *out, const cli_opt *rows, const cli_opt *skip);

/* The file operands of check: each directory searched recursively for
** the .mlir and Ascend C files (sorted; dot-entries and symbolic links to
** directories skipped) that pass the --include / --exclude globs, `-` kept
** (standard input, at most once).  *files: allocated, with its strings
** (cli_files_free).  0, or exit 2 after the message. */
int cli_expand(const cli *c, char **ops, int nops, char ***files,
               int *nfiles);
void cli_files_free(char **files, int nfiles);

#endif
