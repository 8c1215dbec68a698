#pragma once
// The text of an exception as a user may read it (LibTorch side; header-only, for core .cpp files that
// already use LibTorch). c10::Error::what() carries a C++ backtrace of LibTorch's internals ("Exception
// raised from ...", "frame #0 ..."); users get what_without_backtrace() instead.

#include <c10/util/Exception.h>

#include <exception>
#include <string>

namespace ys {

inline std::string exceptionText(const std::exception& e)
{
    if (const auto* c10e = dynamic_cast<const c10::Error*>(&e))
        return c10e->what_without_backtrace();
    return e.what();
}

}  // namespace ys
