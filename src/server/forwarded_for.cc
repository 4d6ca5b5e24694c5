#include "server/forwarded_for.h"

#include <boost/asio/ip/address.hpp>

namespace allegra::server {

std::optional<std::string> canonical_address(std::string_view text) {
  boost::system::error_code ec;
  const boost::asio::ip::address address = boost::asio::ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  return address.to_string();
}

std::optional<std::string> forwarded_client(const std::vector<std::string_view>& values) {
  if (values.empty()) return std::nullopt;
  std::string_view last = values.back();
  const size_t comma = last.rfind(',');
  if (comma != std::string_view::npos) last.remove_prefix(comma + 1);
  while (!last.empty() && (last.front() == ' ' || last.front() == '\t')) last.remove_prefix(1);
  while (!last.empty() && (last.back() == ' ' || last.back() == '\t')) last.remove_suffix(1);
  if (last.empty() || last.size() > 64) return std::nullopt;
  return canonical_address(last);
}

}  // namespace allegra::server
