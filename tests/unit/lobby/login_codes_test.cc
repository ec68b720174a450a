// Login codes (issue 46 item 6): the alphabet has no look-alikes, new codes use all of it, typed
// codes are read whatever their case, spaces and dashes, and anything else is no code.
#include "services/lobby/login_codes.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace mailrun::lobby {
namespace {

TEST(LoginCodes, TheAlphabetHas32CharactersWithoutLookAlikes) {
  const std::string alphabet = kLoginCodeAlphabet;
  EXPECT_EQ(alphabet.size(), 32u);
  EXPECT_EQ(std::set<char>(alphabet.begin(), alphabet.end()).size(), 32u);
  for (const char lookalike : std::string("01IO")) EXPECT_EQ(alphabet.find(lookalike), std::string::npos) << lookalike;
}

TEST(LoginCodes, NewCodesAreEightCharactersOfTheWholeAlphabet) {
  std::set<char> seen;
  std::set<std::string> codes;
  for (int i = 0; i < 2000; ++i) {
    const std::string code = NewLoginCode();
    ASSERT_EQ(code.size(), 8u);
    ASSERT_EQ(ReadLoginCode(code), code) << code;
    seen.insert(code.begin(), code.end());
    codes.insert(code);
  }
  EXPECT_EQ(seen.size(), 32u) << "every character of the alphabet turns up";
  EXPECT_EQ(codes.size(), 2000u) << "40 bits: no repeats in 2000";
}

TEST(LoginCodes, TypedCodesAreReadWhateverTheirCaseSpacesAndDashes) {
  EXPECT_EQ(ReadLoginCode("ABCD-EFGH"), "ABCDEFGH");
  EXPECT_EQ(ReadLoginCode("abcd-efgh"), "ABCDEFGH");
  EXPECT_EQ(ReadLoginCode(" aBcD efGh "), "ABCDEFGH");
  EXPECT_EQ(ReadLoginCode("ab-cd-ef-gh"), "ABCDEFGH");
  EXPECT_EQ(ReadLoginCode("2345\t6789"), "23456789");
  EXPECT_EQ(MailedLoginCode("ABCDEFGH"), "ABCD-EFGH");
  EXPECT_EQ(ReadLoginCode(MailedLoginCode("XYZ23456")), "XYZ23456");
}

TEST(LoginCodes, AnythingElseIsNoCode) {
  const std::vector<std::string> typed_codes = {"", "ABCD-EFG", "ABCD-EFGHJ", "ABCD-EFG0", "ABCD-EFG1", "ABCD-EFGI", "ABCD-EFGO",
                                  "ABCD_EFGH", "ABCD.EFGH", "ABCDÉFGH", std::string("ABCD\0EFGH", 9), std::string(100, 'A')};
  for (const std::string& typed : typed_codes) {
    EXPECT_FALSE(ReadLoginCode(typed).has_value()) << typed;
  }
}

TEST(LoginCodes, HashesAreSha256AndComparedWhole) {
  EXPECT_EQ(LoginCodeHash("ABCDEFGH").size(), 64u);
  EXPECT_EQ(LoginCodeHash("ABCDEFGH"), LoginCodeHash(*ReadLoginCode("abcd-efgh")));
  EXPECT_NE(LoginCodeHash("ABCDEFGH"), LoginCodeHash("ABCDEFGJ"));
  EXPECT_TRUE(SameLoginCodeHash(LoginCodeHash("ABCDEFGH"), LoginCodeHash("ABCDEFGH")));
  EXPECT_FALSE(SameLoginCodeHash(LoginCodeHash("ABCDEFGH"), LoginCodeHash("ABCDEFGJ")));
  EXPECT_FALSE(SameLoginCodeHash(LoginCodeHash("ABCDEFGH"), LoginCodeHash("ABCDEFGH").substr(0, 63)));
}

}  // namespace
}  // namespace mailrun::lobby
