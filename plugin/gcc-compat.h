/* The GCC internals the cudajit plugin uses, and the differences between
   the GCC versions it supports, kept in one place.  */

#ifndef CUDAJIT_GCC_COMPAT_H
#define CUDAJIT_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "bversion.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "tree.h"
#include "tree-iterator.h"
#include "stringpool.h"
#include "attribs.h"
#include "hash-map.h"
#include "cgraph.h"
#include "varasm.h"
#include "stor-layout.h"
#include "function.h"
#include "gimplify.h"
/* Before diagnostic-core.h, for the C family's diagnostic formats.  */
#include "c-family/c-common.h"
#include "diagnostic-core.h"
#include "intl.h"
#include "real.h"
#include "langhooks.h"
#include "ggc.h"

#if BUILDING_GCC_MAJOR < 11
#error "cudajit needs GCC 11 or later"
#endif

#endif /* gcc-compat.h */
