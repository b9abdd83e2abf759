/* An option of the plugin that takes no value, given one, says so
   rather than that the option is unknown.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-cudajit-debug=3" } */
/* { dg-error "cudajit: '-fplugin-arg-cudajit-debug' takes no value: drop '=3'" "" { target *-*-* } 0 } */
/* { dg-prune-output "compilation terminated" } */
/* { dg-prune-output "failed to initialize plugin" } */

int x;
