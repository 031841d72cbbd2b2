#include "ScriptExtensionChanges.h"

#include <stddef.h>

// Generated from the Unicode Character Database: ScriptExtensions-17.0.0.txt
// against ScriptExtensions-15.0.0.txt (as fontTools 4.61.0 and 4.42.1 carry
// them; both under the Unicode license), every code point whose value
// differs, consecutive ones with one value merged.
static const struct {
    uint32_t first, last;
    const char *scripts;
} changes[] = {
    {0x00B7, 0x00B7, "Avst Cari Copt Dupl Elba Geor Glag Gong Goth Grek Hani Latn Lydi Mahj Perm Shaw"},
    {0x02BC, 0x02BC, "Beng Cyrl Deva Latn Lisu Thai Toto"},
    {0x02C7, 0x02C7, "Bopo Latn"},
    {0x02C9, 0x02CB, "Bopo Latn"},
    {0x02CD, 0x02CD, "Latn Lisu"},
    {0x02D7, 0x02D7, "Latn Thai"},
    {0x02D9, 0x02D9, "Bopo Latn"},
    {0x0300, 0x0300, "Cher Copt Cyrl Grek Latn Perm Sunu Tale"},
    {0x0301, 0x0301, "Cher Cyrl Grek Latn Osge Sunu Tale Todr"},
    {0x0302, 0x0302, "Cher Cyrl Latn Tfng"},
    {0x0303, 0x0303, "Glag Latn Sunu Syrc Thai"},
    {0x0304, 0x0304, "Aghb Cher Copt Cyrl Goth Grek Latn Osge Syrc Tfng Todr"},
    {0x0305, 0x0305, "Copt Elba Glag Goth Kana Latn"},
    {0x0306, 0x0306, "Cyrl Grek Latn Perm Tfng"},
    {0x0307, 0x0307, "Copt Dupl Hebr Latn Perm Syrc Tale Tfng Todr"},
    {0x0308, 0x0308, "Armn Cyrl Dupl Goth Grek Hebr Latn Perm Syrc Tale Tfng"},
    {0x0309, 0x0309, "Latn Tfng"},
    {0x030A, 0x030A, "Dupl Latn Syrc"},
    {0x030B, 0x030B, "Cher Cyrl Latn Osge"},
    {0x030C, 0x030C, "Cher Latn Tale"},
    {0x030D, 0x030D, "Latn Sunu"},
    {0x030E, 0x030E, "Ethi Latn"},
    {0x0310, 0x0310, "Latn Sunu"},
    {0x0311, 0x0311, "Cyrl Latn Todr"},
    {0x0313, 0x0313, "Grek Latn Perm Todr"},
    {0x0323, 0x0323, "Cher Dupl Kana Latn Syrc Tfng"},
    {0x0324, 0x0324, "Cher Dupl Latn Syrc"},
    {0x0325, 0x0325, "Latn Syrc"},
    {0x032D, 0x032D, "Latn Sunu Syrc"},
    {0x032E, 0x032E, "Latn Syrc"},
    {0x0330, 0x0330, "Cher Latn Syrc"},
    {0x0331, 0x0331, "Aghb Cher Goth Latn Sunu Syrc Thai"},
    {0x0358, 0x0358, "Latn Osge"},
    {0x035E, 0x035E, "Aghb Latn Todr"},
    {0x0374, 0x0375, "Copt Grek"},
    {0x0589, 0x0589, "Armn Geor Glag"},
    {0x060C, 0x060C, "Arab Gara Nkoo Rohg Syrc Thaa Yezi"},
    {0x061B, 0x061B, "Arab Gara Nkoo Rohg Syrc Thaa Yezi"},
    {0x061F, 0x061F, "Adlm Arab Gara Nkoo Rohg Syrc Thaa Yezi"},
    {0x0951, 0x0951, "Beng Deva Gran Gujr Guru Knda Latn Mlym Nand Newa Orya Shrd Taml Telu Tirh"},
    {0x0952, 0x0952, "Beng Deva Gran Gujr Guru Knda Latn Mlym Newa Orya Taml Telu Tirh"},
    {0x0964, 0x0964, "Beng Deva Dogr Gong Gonm Gran Gujr Guru Knda Mahj Mlym Nand Onao Orya Sind Sinh Sylo Takr Taml Telu Tirh"},
    {0x0965, 0x0965, "Beng Deva Dogr Gong Gonm Gran Gujr Gukh Guru Knda Limb Mahj Mlym Nand Onao Orya Sind Sinh Sylo Takr Taml Telu Tirh"},
    {0x0CE6, 0x0CEF, "Knda Nand Tutg"},
    {0x10FB, 0x10FB, "Geor Glag Latn"},
    {0x16EB, 0x16ED, "Runr"},
    {0x1CD3, 0x1CD3, "Deva Gran Knda"},
    {0x1CD5, 0x1CD5, "Beng Deva Newa Telu Tirh"},
    {0x1CD6, 0x1CD6, "Beng Deva Telu"},
    {0x1CD7, 0x1CD7, "Deva Newa Shrd"},
    {0x1CD8, 0x1CD8, "Beng Deva Newa Telu"},
    {0x1CE2, 0x1CE2, "Deva Newa Tirh"},
    {0x1CE9, 0x1CE9, "Deva Nand Newa"},
    {0x1CEA, 0x1CEA, "Beng Deva Shrd"},
    {0x1CEB, 0x1CEB, "Deva Newa"},
    {0x1CED, 0x1CED, "Beng Deva Newa Shrd"},
    {0x1CF2, 0x1CF2, "Beng Deva Gran Knda Mlym Nand Orya Sinh Telu Tirh Tutg"},
    {0x1CF4, 0x1CF4, "Deva Gran Knda Tutg"},
    {0x1DF8, 0x1DF8, "Cyrl Latn Syrc"},
    {0x202F, 0x202F, "Latn Mong Phag"},
    {0x204F, 0x204F, "Adlm Arab"},
    {0x205A, 0x205A, "Cari Geor Glag Hung Lyci Orkh"},
    {0x205D, 0x205D, "Cari Grek Hung Mero"},
    {0x2E17, 0x2E17, "Copt Latn"},
    {0x2E30, 0x2E30, "Avst Orkh"},
    {0x2E31, 0x2E31, "Avst Cari Geor Hung Kthi Lydi Samr"},
    {0x2E3C, 0x2E3C, "Dupl"},
    {0x2E41, 0x2E41, "Adlm Arab Hung"},
    {0x2FF0, 0x2FFF, "Hani Tang"},
    {0x3001, 0x3001, "Bopo Hang Hani Hira Kana Mong Yiii"},
    {0x3002, 0x3002, "Bopo Hang Hani Hira Kana Mong Phag Yiii"},
    {0x3008, 0x3009, "Bopo Hang Hani Hira Kana Mong Tibt Yiii"},
    {0x300A, 0x300B, "Bopo Hang Hani Hira Kana Lisu Mong Tibt Yiii"},
    {0x31E4, 0x31E5, "Hani"},
    {0x31EF, 0x31EF, "Hani Tang"},
    {0xA830, 0xA832, "Deva Dogr Gujr Guru Khoj Knda Kthi Mahj Mlym Modi Nand Shrd Sind Takr Tirh Tutg"},
    {0xA833, 0xA835, "Deva Dogr Gujr Guru Khoj Knda Kthi Mahj Modi Nand Shrd Sind Takr Tirh Tutg"},
    {0xA838, 0xA838, "Deva Dogr Gujr Guru Khoj Kthi Mahj Modi Shrd Sind Takr Tirh"},
    {0xA8F1, 0xA8F1, "Beng Deva Tutg"},
};

const char *tm_changed_script_extensions(uint32_t scalar) {
    size_t low = 0, high = sizeof changes / sizeof changes[0];
    while (low < high) {
        size_t middle = (low + high) / 2;
        if (scalar < changes[middle].first) {
            high = middle;
        } else if (scalar > changes[middle].last) {
            low = middle + 1;
        } else {
            return changes[middle].scripts;
        }
    }
    return NULL;
}
