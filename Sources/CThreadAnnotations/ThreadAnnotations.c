// The annotations are static inline functions in the header; this file
// gives the target something to compile.
#include "ThreadAnnotations.h"
