// X-Forwarded-For's last value (forwarded_for.h) and the check of --code-prefix (code_prefix.h).
#include "server/forwarded_for.h"

#include <gtest/gtest.h>

#include "server/code_prefix.h"

namespace allegra::server {
namespace {

TEST(ForwardedFor, TakesTheLastValueOfTheLastHeader) {
  EXPECT_EQ(forwarded_client({"10.0.0.1"}), "10.0.0.1");
  // What the client wrote comes first; the proxy appends (nginx) or adds a header (HAProxy).
  EXPECT_EQ(forwarded_client({"6.6.6.6, 10.0.0.1"}), "10.0.0.1");
  EXPECT_EQ(forwarded_client({"6.6.6.6", " 10.0.0.2 "}), "10.0.0.2");
  EXPECT_EQ(forwarded_client({"2001:db8::0:1"}), "2001:db8::1");  // canonical text
}

TEST(ForwardedFor, NoAddressIsNoClient) {
  EXPECT_EQ(forwarded_client({}), std::nullopt);
  EXPECT_EQ(forwarded_client({""}), std::nullopt);
  EXPECT_EQ(forwarded_client({"10.0.0.1, unknown"}), std::nullopt);
  EXPECT_EQ(forwarded_client({"10.0.0.1:5000"}), std::nullopt);
  EXPECT_EQ(forwarded_client({"10.0.0.1,"}), std::nullopt);
}

TEST(CodePrefix, OneOrTwoCharactersOfTheCodeAlphabet) {
  EXPECT_EQ(code_prefix_problem(""), std::nullopt);
  EXPECT_EQ(code_prefix_problem("A"), std::nullopt);
  EXPECT_EQ(code_prefix_problem("Z9"), std::nullopt);
  EXPECT_NE(code_prefix_problem("ABC").value_or("").find("1 or 2"), std::string::npos);
  for (const char* bad : {"a", "0", "O", "I", "1", "L", "A-"})
    EXPECT_NE(code_prefix_problem(bad).value_or("").find("no table code has"), std::string::npos)
        << bad;
  EXPECT_TRUE(code_has_prefix("AB2345", "AB"));
  EXPECT_FALSE(code_has_prefix("BA2345", "A"));
  EXPECT_TRUE(code_has_prefix("BA2345", ""));
}

}  // namespace
}  // namespace allegra::server
