#include "KhmerWordBreaks.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/bytestrie.h>
#include <unicode/uchar.h>
#include <unicode/udata.h>
#include <unicode/uscript.h>

// Chromium patches ICU's Khmer dictionary engine (dictbe.cpp) to join a
// stretch of non-words to the word before it more readily: when that word is
// shorter than 10 characters (upstream: 3) and the stretch does not begin
// with 5 characters of some dictionary word (upstream: 3). Debian's ICU runs
// the upstream engine, so this file runs the engine's algorithm with
// Chromium's thresholds over the same dictionary ICU would load (ICU 78's,
// from BreakDictionaries/). Checked with `Intl.Segmenter` in Chromium 156
// on the 1,771 Khmer runs of Debian's gettext catalogues: 254 runs divide
// otherwise with upstream's thresholds, none with these.

namespace {

constexpr int32_t kLookahead = 3;               // words in a row that are "good enough"
constexpr int32_t kRootCombineThreshold = 10;   // Chromium's; upstream 3
constexpr int32_t kPrefixCombineThreshold = 5;  // Chromium's; upstream 3
constexpr int32_t kMinimumWordSpan = 4;         // two words of two characters
constexpr int32_t kMaximumCandidates = 20;

bool isWordCharacter(UChar32 c) {
    if (c < 0x1780 || c > 0x19FF) return false;
    UErrorCode status = U_ZERO_ERROR;
    return u_getIntPropertyValue(c, UCHAR_LINE_BREAK) == U_LB_COMPLEX_CONTEXT
        && uscript_getScript(c, &status) == USCRIPT_KHMER;
}

bool isMark(UChar32 c) { return (U_GET_GC_MASK(c) & U_GC_M_MASK) != 0 && isWordCharacter(c); }

bool mayEndWord(UChar32 c) { return c != 0x17D2 && isWordCharacter(c); }  // not the coeng sign

bool mayBeginWord(UChar32 c) { return c >= 0x1780 && c <= 0x17B3; }

// The Khmer dictionary as ICU stores it: a byte trie over characters
// shifted down by a constant.
struct Dictionary {
    UDataMemory *data = nullptr;  // kept, so the trie stays mapped
    const char *trie = nullptr;
    int32_t base = 0;
};

const Dictionary &khmerDictionary() {
    // Opened once and kept for the life of the process, as ICU keeps its own.
    static const Dictionary loaded = [] {
        Dictionary dictionary;
        UErrorCode status = U_ZERO_ERROR;
        UDataMemory *data = udata_open(U_ICUDATA_NAME U_TREE_SEPARATOR_STRING "brkitr", "dict", "khmerdict", &status);
        if (U_FAILURE(status)) return dictionary;
        const int32_t *indexes = static_cast<const int32_t *>(udata_getMemory(data));
        const int32_t trieType = indexes[4] & 7, transform = indexes[5];
        if (trieType != 0 || (transform & 0x7F000000) != 0x01000000) {  // bytes, offset transform
            udata_close(data);
            return dictionary;
        }
        dictionary.data = data;
        dictionary.trie = reinterpret_cast<const char *>(indexes) + indexes[0];
        dictionary.base = transform & 0x1FFFFF;
        return dictionary;
    }();
    return loaded;
}

// The dictionary words that begin at one offset, shortest first, and which
// of them is preferred and which is being tried.
struct WordsAt {
    int32_t offset = -1;
    int32_t count = 0;
    int32_t lengths[kMaximumCandidates];
    int32_t prefix = 0;  // characters read before the trie ruled out longer words
    int32_t current = 0;
    int32_t marked = 0;

    void mark() { marked = current; }
};

// Divides one run of Khmer word characters as the engine does. Every Khmer
// word character is in the BMP, so code units count characters.
class RunDivider {
public:
    RunDivider(const Dictionary &dictionary, const uint16_t *text, int32_t end)
        : dictionary_(dictionary), text_(text), end_(end) {}

    // Writes the word ends inside [start, end) to `out`; returns how many.
    int32_t divide(int32_t start, int32_t *out, int32_t capacity) {
        if (end_ - start < kMinimumWordSpan) return 0;
        WordsAt words[kLookahead];
        uint32_t found = 0;
        int32_t written = 0;
        position_ = start;
        while (position_ < end_) {
            const int32_t current = position_;
            int32_t length = 0;
            WordsAt &here = words[found % kLookahead];
            const int32_t candidates = lookUp(here);
            if (candidates > 1 && position_ < end_) preferWordFollowedByOthers(words, found);
            if (candidates > 0) {
                length = accept(here);
                found += 1;
            }
            // A stretch that starts no word joins a short word before it, up
            // to the next place where a dictionary word may begin.
            if (position_ < end_ && length < kRootCombineThreshold) {
                WordsAt &next = words[found % kLookahead];
                if (lookUp(next) <= 0 && (length == 0 || next.prefix < kPrefixCombineThreshold)) {
                    int32_t remaining = end_ - (current + length);
                    int32_t skipped = 0;
                    for (;;) {
                        const UChar32 previous = text_[position_++];
                        skipped += 1;
                        if (--remaining <= 0) break;
                        if (mayEndWord(previous) && mayBeginWord(text_[position_])) {
                            const int32_t following = lookUp(words[(found + 1) % kLookahead]);
                            position_ = current + length + skipped;
                            if (following > 0) break;
                        }
                    }
                    if (length <= 0) found += 1;
                    length += skipped;
                } else {
                    position_ = current + length;
                }
            }
            // Never stop before a combining mark.
            while (position_ < end_ && isMark(text_[position_])) {
                position_ += 1;
                length += 1;
            }
            if (length > 0 && written < capacity) out[written++] = current + length;
        }
        if (written > 0 && out[written - 1] >= end_) written -= 1;  // the run's end is not the engine's
        return written;
    }

private:
    const Dictionary &dictionary_;
    const uint16_t *text_;
    const int32_t end_;
    int32_t position_ = 0;

    // Reads (once per offset) the words that begin at the position and
    // moves it past the longest.
    int32_t lookUp(WordsAt &words) {
        if (words.offset != position_) {
            words.offset = position_;
            match(words);
        }
        if (words.count > 0) position_ = words.offset + words.lengths[words.count - 1];
        words.current = words.count - 1;
        words.marked = words.current;
        return words.count;
    }

    int32_t accept(const WordsAt &words) {
        position_ = words.offset + words.lengths[words.marked];
        return words.lengths[words.marked];
    }

    // Moves to the next shorter word, if any.
    bool backUp(WordsAt &words) {
        if (words.current <= 0) return false;
        words.current -= 1;
        position_ = words.offset + words.lengths[words.current];
        return true;
    }

    // Of several words at one offset, marks the longest that two more words
    // follow, else the longest that one more follows, else the longest.
    void preferWordFollowedByOthers(WordsAt *words, uint32_t found) {
        WordsAt &here = words[found % kLookahead];
        WordsAt &second = words[(found + 1) % kLookahead];
        WordsAt &third = words[(found + 2) % kLookahead];
        do {
            if (lookUp(second) > 0) {
                here.mark();
                if (position_ >= end_) return;
                do {
                    if (lookUp(third) > 0) {
                        here.mark();
                        return;
                    }
                } while (backUp(second));
            }
        } while (backUp(here));
    }

    void match(WordsAt &words) const {
        icu::BytesTrie trie(dictionary_.trie);
        words.count = 0;
        int32_t read = 0;
        for (int32_t at = words.offset; at < end_;) {
            const UChar32 c = text_[at++];
            const UStringTrieResult result = read == 0 ? trie.first(transform(c)) : trie.next(transform(c));
            read += 1;
            if (USTRINGTRIE_HAS_VALUE(result)) {
                if (words.count < kMaximumCandidates) words.lengths[words.count++] = at - words.offset;
                if (result == USTRINGTRIE_FINAL_VALUE) break;
            } else if (result == USTRINGTRIE_NO_MATCH) {
                break;
            }
        }
        words.prefix = read;
    }

    int32_t transform(UChar32 c) const {
        if (c == 0x200D) return 0xFF;
        if (c == 0x200C) return 0xFE;
        const int32_t delta = c - dictionary_.base;
        return delta < 0 || delta > 0xFD ? -1 : delta;
    }
};

}  // namespace

extern "C" int32_t tm_rebreak_khmer_runs(const uint16_t *text, int32_t length, int32_t *breaks, int32_t count,
                                         int32_t capacity) {
    int32_t index = 0;
    while (index < length && !isWordCharacter(text[index])) index += 1;
    if (index == length) return count;
    const Dictionary &dictionary = khmerDictionary();
    if (dictionary.trie == nullptr) return count;
    int32_t *result = static_cast<int32_t *>(malloc(sizeof(int32_t) * static_cast<size_t>(capacity)));
    if (result == nullptr) return count;
    int32_t written = 0, cursor = 0;
    while (index < length) {
        if (!isWordCharacter(text[index])) {
            index += 1;
            continue;
        }
        int32_t end = index + 1;
        while (end < length && isWordCharacter(text[end])) end += 1;
        // ICU's breaks up to the run's start, the engine's inside it.
        while (cursor < count && breaks[cursor] <= index && written < capacity) result[written++] = breaks[cursor++];
        written += RunDivider(dictionary, text, end).divide(index, result + written, capacity - written);
        while (cursor < count && breaks[cursor] < end) cursor += 1;
        index = end;
    }
    while (cursor < count && written < capacity) result[written++] = breaks[cursor++];
    memcpy(breaks, result, sizeof(int32_t) * static_cast<size_t>(written));
    free(result);
    return written;
}
