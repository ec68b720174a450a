// Small pieces of the sentences players read, shared by the titles: money with its currency sign
// and thousands separators, and "a"/"an" before a company's initials.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace mailrun::engine {

// "£1,050", "-£20" (each title passes its currency sign: 1853 prints pounds).
std::string FormatMoney(int64_t amount, std::string_view currency);

// "a BNR share", "an EIR share": a company's initials are read letter by letter.
std::string ShareOf(const std::string& initials);

}  // namespace mailrun::engine
