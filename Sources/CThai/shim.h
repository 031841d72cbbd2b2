#include <thai/thbrk.h>
#include <thai/thwchar.h>
