#ifndef TYPOMETER_SCRIPT_EXTENSION_CHANGES_H
#define TYPOMETER_SCRIPT_EXTENSION_CHANGES_H

// Internal to the ICU shim: the Script_Extensions Chromium's ICU has where
// the system's ICU 72 has others.

#include <stdint.h>

/// The Script_Extensions of `scalar` in Unicode 17.0 (ICU 78, which Chromium
/// 156 carries) as four-letter ISO 15924 codes separated by spaces, where
/// they differ from Unicode 15.0's (ICU 72's); NULL where they do not.
const char *tm_changed_script_extensions(uint32_t scalar);

#endif
