// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Multicall3Lite
/// @notice The one Multicall3 function @x402/evm's facilitator calls: `tryAggregate`, with the same
/// selector, ABI and semantics as Multicall3 at 0xcA11bde05977b3631167028862bE2a173976CA11. The
/// facilitator batches balanceOf/name/version/authorizationState through it to explain why a
/// transferWithAuthorization simulation failed. Placed on the devnet with anvil_setCode; this
/// contract has no constructor and no storage, so its runtime code is all it needs.
contract Multicall3Lite {
    struct Call {
        address target;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Calls each target in order; with requireSuccess, a failed call reverts the whole batch.
    function tryAggregate(bool requireSuccess, Call[] calldata calls)
        external
        payable
        returns (Result[] memory returnData)
    {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i = 0; i < length; i++) {
            (bool success, bytes memory ret) = calls[i].target.call(calls[i].callData);
            if (requireSuccess) require(success, "Multicall3: call failed");
            returnData[i] = Result(success, ret);
        }
    }
}
