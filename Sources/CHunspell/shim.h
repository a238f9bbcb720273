#ifndef SUPERTEXT_CHUNSPELL_SHIM_H
#define SUPERTEXT_CHUNSPELL_SHIM_H

// libhunspell's C API (Debian: libhunspell-dev, pkg-config name "hunspell").
#include <hunspell/hunspell.h>

#endif
