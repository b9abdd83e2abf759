/* The plugin declares the entry points of libcudajit that it calls from
   the table that cudajit.h's prototypes come from too, and checks those
   prototypes where a unit has them: a declaration of an entry point that
   disagrees is an error, as a cudajit.h of another cudajit would be.  */
/* { dg-do compile } */

void *cudajit_block_shared_memory (void);
void cudajit_register_code (unsigned int abi_version, void **module,
                            const char *unit_name, const char *prelude,
                            const char *cuda_source, int compile_flags);
void cudajit_register_kernel (void **kernel, const char *name); /* { dg-error "'cudajit_register_kernel' is declared as 'void ?\\(void \\*\\*, const char \\*\\)', but the cudajit plugin calls it as 'void ?\\(unsigned int, +void \\*\\*, void \\*\\*, const char \\*, const char \\*, const char \\*, const char \\*, void \\(\\*\\)\\(void \\*\\*\\), const char \\*, long unsigned int, +int, +int, +int\\)': this cudajit.h and this plugin are not of the same cudajit" } */
int cudajit_assert_fail (const char *expression, const char *file, /* { dg-error "'cudajit_assert_fail' is declared as 'int ?\\(" } */
                         unsigned int line, const char *function);
