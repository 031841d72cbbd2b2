#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>
#include <woff2/encode.h>

/* Debian's libwoff2enc reports "Compressed N to M." on stderr for every font
   it compresses; the page's writer calls this alone, after measuring, so its
   stderr is pointed at /dev/null for the call. */
extern "C" unsigned char *tm_woff2_compress(const unsigned char *font, size_t length, size_t *compressed_length) {
    size_t capacity = woff2::MaxWOFF2CompressedSize(font, length);
    unsigned char *result = static_cast<unsigned char *>(std::malloc(capacity > 0 ? capacity : 1));
    if (!result) return nullptr;
    size_t written = capacity;
    int saved = dup(STDERR_FILENO);
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (saved >= 0 && null >= 0) dup2(null, STDERR_FILENO);
    bool converted = woff2::ConvertTTFToWOFF2(font, length, result, &written);
    if (saved >= 0 && null >= 0) dup2(saved, STDERR_FILENO);
    if (null >= 0) close(null);
    if (saved >= 0) close(saved);
    if (!converted) {
        std::free(result);
        return nullptr;
    }
    *compressed_length = written;
    return result;
}
