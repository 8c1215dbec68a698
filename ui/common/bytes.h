#pragma once
// Sizes as the whole UI writes them: binary (IEC) units, as the fit and the memory charts count ("1.9 GiB",
// "378.4 MiB", "12.0 KiB", "512 B"), one decimal with the locale's decimal point; the unit words are
// translatable (context ys::ui::Bytes). The one byte formatter of ui/: every page calls it.

#include <QString>

#include <cstdint>

namespace ys::ui {

// `bytes` in the largest unit (B, KiB, MiB, GiB, TiB) that keeps the number at 1 or more; bytes as a whole
// number, the others with one decimal. Negative sizes keep their sign.
QString formatBytes(int64_t bytes);

}  // namespace ys::ui
